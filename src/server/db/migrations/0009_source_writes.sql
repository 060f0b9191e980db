-- placeholder, filled in by its feature
SELECT 1;
