/**
 * `npm run db:seed [-- folder]`: makes the blog match content/blog (db/seed-blog.ts). Safe to run
 * while the server runs; the change shows on the next page load.
 */
import { seedCommand } from './seed-blog.ts'

process.exitCode = await seedCommand(process.argv[2])
