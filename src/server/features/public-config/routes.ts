import { publicConfigSchema, type PublicConfig } from '../../../contracts/public-config';
import type { Config } from '../../config';
import type { RegisterRoute } from '../../http/route';

export function registerPublicConfigRoutes(route: RegisterRoute, config: Config) {
  const data: PublicConfig = {
    parent_company_name: config.PARENT_COMPANY_NAME,
    parent_company_url: config.PARENT_COMPANY_URL,
    howto_video_url: config.HOWTO_VIDEO_URL,
    map_tile_url: config.MAP_TILE_URL,
  };
  route({
    method: 'GET',
    url: '/api/config',
    access: 'public',
    response: publicConfigSchema,
    handler: async () => ({ data }),
  });
}
