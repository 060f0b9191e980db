/**
 * The e2e suite's ports. E2E_APP_PORT moves all three, so two suites (say, two engineers' checkouts) can run
 * side by side: the mail catcher takes the next two ports.
 */
const appPort = Number(process.env.E2E_APP_PORT ?? 3199);

export const e2ePorts = { appPort, catcherPort: appPort + 1, smtpPort: appPort + 2 } as const;
