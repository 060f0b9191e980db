import { z } from 'zod';

/** Configuration the public web pages need (footer, how-to video). */
export const publicConfigSchema = z.object({
  parent_company_name: z.string(),
  parent_company_url: z.string(),
  howto_video_url: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
