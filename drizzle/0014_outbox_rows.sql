-- Custom migration: every row of the four delivery tables, in every state, moves into the one
-- outbox with its state, attempts, lease and error as they were; the per-sender counters (booking,
-- newsletter, contact and the desk's sign-in links) move into sender_attempts. The old tables are dropped by the next migration, in the same run.
INSERT INTO `outbox` (`kind`, `contact_message_id`, `booking_id`, `subscriber_id`, `event_uid`, `payload`, `idempotency_key`, `created_at`, `status`, `attempts`, `last_error`, `next_attempt_at`, `sent_at`, `claim_token`, `delivered_by`)
SELECT `kind`, `contact_message_id`, `booking_id`, `subscriber_id`, `event_uid`, `payload`, `idempotency_key`, `created_at`, `status`, `attempts`, `last_error`, `next_attempt_at`, `sent_at`, `claim_token`, `delivered_by` FROM (
  SELECT 'contact-email' AS `kind`, `id` AS `contact_message_id`, NULL AS `booking_id`, NULL AS `subscriber_id`, NULL AS `event_uid`, '{}' AS `payload`,
    'kontakt-' || CASE WHEN `public_id` = '' THEN 'id-' || `id` ELSE `public_id` END AS `idempotency_key`,
    `created_at`, `status`, `attempts`, `last_error`, `next_attempt_at`, `sent_at`, `claim_token`, `delivered_by`, 1 AS `source`, `id` AS `source_id`
  FROM `contact_messages`
  UNION ALL
  SELECT 'booking-email', NULL, `booking_id`, NULL, NULL,
    json_object('kind', `kind`, 'role', `role`, 'sequence', `sequence`, 'startsAt', `starts_at`, 'endsAt', `ends_at`, 'coachNote', `coach_note`),
    `idempotency_key`, `created_at`, `status`, `attempts`, `last_error`, `next_attempt_at`, `sent_at`, `claim_token`, NULL, 2, `id`
  FROM `booking_emails`
  UNION ALL
  SELECT 'calendar-write', NULL, NULL, NULL, `uid`, json_object('action', `action`),
    'kalender-' || `uid` || '-w' || `id`, `created_at`, `status`, `attempts`, `last_error`, `next_attempt_at`, `sent_at`, `claim_token`, CASE WHEN `status` = 'sent' THEN 'caldav' END, 3, `id`
  FROM `calendar_writes`
  UNION ALL
  SELECT 'newsletter-email', NULL, NULL, `subscriber_id`, NULL, json_object('kind', `kind`, 'articleSlug', `article_slug`),
    `idempotency_key`, `created_at`, `status`, `attempts`, `last_error`, `next_attempt_at`, `sent_at`, `claim_token`, NULL, 4, `id`
  FROM `newsletter_emails`
) ORDER BY `created_at`, `source`, `source_id`;
--> statement-breakpoint
INSERT INTO `sender_attempts` (`action`, `sender_hash`, `created_at`)
SELECT `action`, `sender_hash`, `created_at` FROM (
  SELECT 'contact' AS `action`, `ip_hash` AS `sender_hash`, `created_at` FROM `contact_messages`
  UNION ALL SELECT 'booking', `ip_hash`, `created_at` FROM `booking_attempts`
  UNION ALL SELECT 'newsletter', `ip_hash`, `created_at` FROM `newsletter_sign_ups`
  UNION ALL SELECT 'desk-link', `ip_hash`, `created_at` FROM `desk_sign_in_attempts`
  UNION ALL SELECT 'desk-address', `address_hash`, `created_at` FROM `desk_sign_in_attempts`
) ORDER BY `created_at`;
