-- Meal labels: a meal's reheating instructions, and how an account prints its labels (label stock, printer
-- offset in mm, use-by days per meal state).
ALTER TABLE "meals" ADD COLUMN "reheating_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "label_options" jsonb DEFAULT '{"layout":"L7160","offset_x_mm":0,"offset_y_mm":0,"use_by_days":{"Hot":1,"Frozen":90,"Fresh":3}}'::jsonb NOT NULL;
