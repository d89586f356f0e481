export * from './schema';
export * from './create-database';
export { migrateToLatest, migrations } from './migrate';
export {
  defaultPostsDirectory,
  readBlogPosts,
  seedBlogPosts,
  type SeedBlogPost,
} from './seed/blog-posts';
