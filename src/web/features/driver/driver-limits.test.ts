import { describe, expect, it } from 'vitest';
import {
  driverNoteMaxLength,
  driverOutcomesBodySchema,
  driverPhotoMaxBytes,
  driverPhotosPerRequest,
} from '../../../contracts/driver';
import { noteMaxLength, outcomesPerRequest, photoMaxBytes, photosPerRequest } from './driver-limits';

describe("the driver page's copy of the contract's limits", () => {
  it('equals the contract', () => {
    expect(noteMaxLength).toBe(driverNoteMaxLength);
    expect(photoMaxBytes).toBe(driverPhotoMaxBytes);
    expect(photosPerRequest).toBe(driverPhotosPerRequest);
  });

  it('sends no more outcomes at once than the contract takes', () => {
    const outcome = {
      id: '5b0c4c1e-3c0f-4a55-9d07-6c8f3a8d2f10',
      visit_id: 1,
      outcome: 'delivered',
      recorded_at: '2026-11-24T01:00:00.000Z',
    };
    const full = Array.from({ length: outcomesPerRequest }, () => outcome);
    expect(driverOutcomesBodySchema.safeParse(full).success).toBe(true);
    expect(driverOutcomesBodySchema.safeParse([...full, outcome]).success).toBe(false);
  });
});
