CREATE TABLE `desk_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`action` text NOT NULL,
	`booking_code` text,
	`message_id` integer
);
--> statement-breakpoint
CREATE TABLE `desk_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`destination` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `desk_links_token_hash_unique` ON `desk_links` (`token_hash`);--> statement-breakpoint
CREATE TABLE `desk_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `desk_sessions_token_hash_unique` ON `desk_sessions` (`token_hash`);--> statement-breakpoint
CREATE TABLE `desk_sign_in_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ip_hash` text NOT NULL,
	`address_hash` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `desk_attempts_ip_idx` ON `desk_sign_in_attempts` (`ip_hash`,`created_at`);--> statement-breakpoint
CREATE INDEX `desk_attempts_address_idx` ON `desk_sign_in_attempts` (`address_hash`,`created_at`);--> statement-breakpoint
ALTER TABLE `booking_emails` ADD `coach_note` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `read_at` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_at` text;