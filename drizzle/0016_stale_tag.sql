ALTER TABLE `bookings` ADD `calendar_etag` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `calendar_conflict_at` text;