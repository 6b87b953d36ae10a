CREATE TABLE `app_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `booking_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ip_hash` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `booking_attempts_ip_created_idx` ON `booking_attempts` (`ip_hash`,`created_at`);--> statement-breakpoint
CREATE TABLE `busy_sources` (
	`source_key` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`etag` text,
	`last_modified` text,
	`good_at` text,
	`parsed_at` text,
	`checked_at` text NOT NULL,
	`intervals` text NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `calendar_writes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`booking_id` integer,
	`action` text NOT NULL,
	`created_at` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` text,
	`sent_at` text,
	`claim_token` text,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `calendar_writes_status_next_idx` ON `calendar_writes` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `calendar_writes_uid_idx` ON `calendar_writes` (`uid`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `uid` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `erase_requested_at` text;