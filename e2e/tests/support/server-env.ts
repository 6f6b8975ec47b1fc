/** Environment variable through which global setup tells the workers where the server runs. */
export const SERVER_ENV = 'AGRIVET_E2E_SERVER';
/** The SUPPORT_PHONE the e2e server runs with: the footer's messaging link must use it. */
export const E2E_SUPPORT_PHONE = '+963944000222';
