import { describe, expect, it } from 'vitest';
import { bruteForce } from './brute-force';
import { buildModel } from './model';
import { createRouteState } from './route-state';
import { createRuinRecreate } from './ruin-recreate';
import { findAloneReason, productionSettings } from './solve';
import { createSmallProblem } from './test-instances';

describe('the ruin-and-recreate search', () => {
  // Production problems have more visits than insertion neighbours, so only the places near a visit's nearest
  // visits are weighed; three neighbours out of seven visits make that so on problems small enough to enumerate.
  it('finds the brute-force optimum when it weighs only the places near a visit', () => {
    for (let seed = 31; seed <= 42; seed += 1) {
      const problem = createSmallProblem(seed, 7, 2 + (seed % 2));
      const model = buildModel(problem);
      const state = createRouteState(model);
      let excluded = 0;
      for (let visit = 0; visit < model.visitCount; visit += 1) {
        if (findAloneReason(model, visit) === null) state.unassigned.push(visit);
        else excluded += 1;
      }
      const settings = { ...productionSettings, insertionNeighbours: 3 };
      const search = createRuinRecreate(model, state, settings, seed);
      for (let iteration = 0; iteration < 2000; iteration += 1) search.iterate(iteration / 2000);
      const optimum = bruteForce(problem);
      expect({ seed, unassigned: excluded + search.bestUnassigned }).toEqual({
        seed,
        unassigned: optimum.unassigned,
      });
      expect(search.bestCost).toBeCloseTo(optimum.cost, 6);
    }
  });
});
