ALTER TABLE `contact_messages` ADD `public_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `claim_token` text;