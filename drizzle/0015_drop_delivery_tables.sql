DROP TABLE `booking_attempts`;--> statement-breakpoint
DROP TABLE `booking_emails`;--> statement-breakpoint
DROP TABLE `calendar_writes`;--> statement-breakpoint
DROP TABLE `desk_sign_in_attempts`;--> statement-breakpoint
DROP TABLE `newsletter_emails`;--> statement-breakpoint
DROP TABLE `newsletter_sign_ups`;--> statement-breakpoint
DROP INDEX `contact_messages_status_next_idx`;--> statement-breakpoint
ALTER TABLE `contact_messages` DROP COLUMN `status`;--> statement-breakpoint
ALTER TABLE `contact_messages` DROP COLUMN `attempts`;--> statement-breakpoint
ALTER TABLE `contact_messages` DROP COLUMN `last_error`;--> statement-breakpoint
ALTER TABLE `contact_messages` DROP COLUMN `next_attempt_at`;--> statement-breakpoint
ALTER TABLE `contact_messages` DROP COLUMN `sent_at`;--> statement-breakpoint
ALTER TABLE `contact_messages` DROP COLUMN `delivered_by`;--> statement-breakpoint
ALTER TABLE `contact_messages` DROP COLUMN `claim_token`;--> statement-breakpoint
CREATE INDEX `bookings_uid_idx` ON `bookings` (`uid`);