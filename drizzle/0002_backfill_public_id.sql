-- Messages stored before public_id existed get a random one, so the unique index of 0003 holds.
UPDATE `contact_messages` SET `public_id` = lower(hex(randomblob(16))) WHERE `public_id` = '';
