/**
 * The entry. The driver's phone page (/driver/...) loads only its own small chunk, without the office app, its UI
 * kit or its login; every other path loads the office app. Each side is a dynamic import, so neither pulls the
 * other's code into the first load.
 */
if (/^\/driver(\/|$)/.test(window.location.pathname)) void import('./features/driver/driver-main');
// The driver's own page (their personal link): as lean, in a chunk of its own.
else if (/^\/volunteer\//.test(window.location.pathname)) void import('./features/volunteer/volunteer-main');
else void import('./app/office-main');
