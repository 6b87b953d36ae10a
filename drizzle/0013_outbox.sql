CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`contact_message_id` integer,
	`booking_id` integer,
	`subscriber_id` integer,
	`event_uid` text,
	`payload` text DEFAULT '{}' NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` text,
	`sent_at` text,
	`claim_token` text,
	`delivered_by` text,
	FOREIGN KEY (`contact_message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscriber_id`) REFERENCES `newsletter_subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_idempotency_key_unique` ON `outbox` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `outbox_status_next_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_contact_message_idx` ON `outbox` (`contact_message_id`);--> statement-breakpoint
CREATE INDEX `outbox_booking_idx` ON `outbox` (`booking_id`);--> statement-breakpoint
CREATE INDEX `outbox_subscriber_idx` ON `outbox` (`subscriber_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_event_uid_idx` ON `outbox` (`event_uid`);--> statement-breakpoint
CREATE TABLE `sender_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`sender_hash` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sender_attempts_action_sender_idx` ON `sender_attempts` (`action`,`sender_hash`,`created_at`);--> statement-breakpoint
CREATE INDEX `sender_attempts_created_idx` ON `sender_attempts` (`created_at`);