export { PostMarkdown } from './post-markdown';
export { postImageAttributes } from './post-images';
export {
  checkPost,
  readingTimeMinutes,
  type CheckContext,
  type CheckedPost,
  type Problem,
  type ProblemCode,
} from './seo-checks';
export { SITE_PAGE_PATHS, type SitePagePath } from './site-pages';
