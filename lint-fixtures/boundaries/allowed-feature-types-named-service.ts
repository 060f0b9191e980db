// lint as: src/server/features/print/fixture.ts
// refused by: nothing (a feature may take another feature's *-service module, here for injection)
import type { OutcomesReportService } from '../reports/outcomes-report-service';

export type Fixture = OutcomesReportService;
