CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`image_url` text NOT NULL,
	`image_alt` text NOT NULL,
	`category` text NOT NULL,
	`published_at` text NOT NULL,
	`author` text NOT NULL,
	`keywords` text NOT NULL,
	`tags` text NOT NULL,
	`section` text NOT NULL,
	`hero` text NOT NULL,
	`cta` text,
	`json_ld` integer NOT NULL,
	`body_html` text NOT NULL,
	`source_hash` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_at_idx` ON `blog_posts` (`published_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_category_published_at_idx` ON `blog_posts` (`category`,`published_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`service_type` text NOT NULL,
	`address` text NOT NULL,
	`message` text NOT NULL,
	`ip_hash` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` text,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `contact_messages_ip_created_idx` ON `contact_messages` (`ip_hash`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_status_next_idx` ON `contact_messages` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);