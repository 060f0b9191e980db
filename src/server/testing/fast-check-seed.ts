import fc from 'fast-check';

/**
 * Property tests run the same cases on every run and machine: a fixed seed, which fast-check prints with the
 * counterexample when a property fails. FAST_CHECK_SEED explores other cases on purpose.
 */
fc.configureGlobal({ seed: Number(process.env.FAST_CHECK_SEED ?? 20_261_124) });
