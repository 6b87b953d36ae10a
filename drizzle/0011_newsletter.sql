CREATE TABLE `newsletter_announced_articles` (
	`slug` text PRIMARY KEY NOT NULL,
	`announced_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `newsletter_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscriber_id` integer NOT NULL,
	`kind` text NOT NULL,
	`article_slug` text,
	`idempotency_key` text NOT NULL,
	`created_at` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` text,
	`sent_at` text,
	`claim_token` text,
	FOREIGN KEY (`subscriber_id`) REFERENCES `newsletter_subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_emails_idempotency_key_unique` ON `newsletter_emails` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `newsletter_emails_status_next_idx` ON `newsletter_emails` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `newsletter_emails_subscriber_idx` ON `newsletter_emails` (`subscriber_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_emails_article_subscriber_idx` ON `newsletter_emails` (`article_slug`,`subscriber_id`);--> statement-breakpoint
CREATE TABLE `newsletter_sign_ups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ip_hash` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `newsletter_sign_ups_ip_created_idx` ON `newsletter_sign_ups` (`ip_hash`,`created_at`);--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`created_at` text NOT NULL,
	`confirmed_at` text,
	`confirm_token_hash` text,
	`unsubscribe_token_hash` text NOT NULL,
	`ip_hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_public_id_unique` ON `newsletter_subscribers` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_key_unique` ON `newsletter_subscribers` (`email_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_confirm_token_hash_unique` ON `newsletter_subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_unsubscribe_token_hash_unique` ON `newsletter_subscribers` (`unsubscribe_token_hash`);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_confirmed_idx` ON `newsletter_subscribers` (`confirmed_at`);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_created_idx` ON `newsletter_subscribers` (`created_at`);--> statement-breakpoint
-- The articles already out when sign-ups begin are never announced: only those published later are news.
INSERT INTO `newsletter_announced_articles` (`slug`, `announced_at`) SELECT `slug`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM `blog_posts` WHERE `published_at` <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
