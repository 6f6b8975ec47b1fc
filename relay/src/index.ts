export const ping = 1;
