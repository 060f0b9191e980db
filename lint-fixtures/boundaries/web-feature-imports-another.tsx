// lint as: src/web/features/menu/pages/fixture.tsx
// refused by: boundaries/dependencies
import { trackVisits } from '../../../features/rounds/panel-model';

export const fixture = trackVisits;
