export { PostMarkdown } from './post-markdown';
