-- Reserved; replaced by the migration of this name.
SELECT 1;
