/** Limits shared by the forms, the API and the relay. */
export const LIMITS = {
  passwordMin: 4,
  passwordMax: 50,
  nameMax: 100,
  addressMax: 300,
  storeNameMax: 120,
  titleMax: 200,
  articleMax: 20_000,
  productNameMax: 120,
  descriptionMax: 5_000,
  messageMax: 4_000,
  priceMaxCents: 100_000_000,
  quantityMin: 1,
  quantityMax: 999,
  orderItemsMax: 100,
  /** Order delivery note (CONTRACT.md §7). */
  deliveryNoteMax: 500,
  /** A store review's comment. */
  reviewCommentMax: 1_000,
  ratingMin: 1,
  ratingMax: 5,
  clientIdMax: 64,
  /** Uploaded image size cap (bytes): larger is 413. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** POST upload (image or voice note) size cap (bytes): larger is 413 `too_large`. */
  uploadMaxBytes: 5 * 1024 * 1024,
  /** Longest voice note (ms); the API allows one second more for container rounding. */
  voiceMaxMs: 5 * 60 * 1000,
  /** An upload not used by a message within this time is deleted. */
  uploadUnusedMs: 24 * 60 * 60 * 1000,
  /** Its author may delete a message this long after sending it (the admin at any time). */
  messageDeleteWindowMs: 15 * 60 * 1000,
  /** Longest Web Push endpoint URL accepted. */
  pushEndpointMax: 2048,
  /** Longest side of a stored image and of its thumbnail (pixels). */
  imageMaxSide: 1600,
  thumbMaxSide: 320,
  /** Small socket payloads (everything but an image message). */
  socketSmallPayloadBytes: 16 * 1024,
  /**
   * The relay's cap on one socket.io frame (its maxHttpBufferSize): an image message carries up to
   * imageMaxBytes of bytes, the rest stays small. A larger frame makes the relay drop the connection
   * without an answer; the browser's outbox knows the same cap (mayExceedFrameCap).
   */
  socketMaxFrameBytes: 5 * 1024 * 1024 + 512 * 1024,
  requestTimeoutMs: 15_000,
  loginFailuresPerPhone: 10,
  loginWindowMs: 15 * 60 * 1000,
} as const;

/** Token key in local storage (SPEC.md §4). */
export const TOKEN_STORAGE_KEY = 'token';
export const CART_STORAGE_KEY = 'cart';

/** Plans advertised on the landing page (SPEC.md §9). */
export const PLANS = { businessMonthlyUsd: 5, businessYearlyUsd: 50, farmerUsd: 0 } as const;
