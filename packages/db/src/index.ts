export * from './schema';
export * from './webhooks-schema';
export * from './create-database';
export {
  createQueryScope,
  outsideQueryScope,
  QueryAbortedError,
  type QueryScope,
  runInQueryScope,
} from './query-scope';
export { migrateToLatest, migrations } from './migrate';
export {
  defaultPostsDirectory,
  readBlogPosts,
  seedBlogPosts,
  type SeedBlogPost,
} from './seed/blog-posts';
