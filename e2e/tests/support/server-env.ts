/** Environment variable through which global setup tells the workers where the server runs. */
export const SERVER_ENV = 'AGRIVET_E2E_SERVER';
