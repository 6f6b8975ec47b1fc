/**
 * Real media for the upload tests: audio made by the ffmpeg binary the API uses (sine tones and
 * silence in the containers browsers record), images by sharp, and two recordings Debian's
 * Chromium made with MediaRecorder (test/fixtures: `audio/webm;codecs=opus` and `audio/mp4`, whose
 * WebM has no duration in its headers — only decoding tells it).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { resolveFfmpeg } from '../../src/media/audio';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
export const fixture = (name: string): Buffer => readFileSync(path.join(fixtures, name));

const ffmpeg = resolveFfmpeg();

/** Runs ffmpeg with lavfi input `source` and output options, returning the encoded bytes. */
export function ffmpegMake(source: string, output: string[], extraInput: string[] = []): Buffer {
  const run = spawnSync(
    ffmpeg,
    ['-nostdin', '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', source, ...extraInput, ...output, 'pipe:1'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr.toString()}`);
  return run.stdout;
}

const tags = [
  '-metadata',
  'title=سر المزرعة',
  '-metadata',
  'artist=Secret Farmer',
  '-metadata',
  'location=+33.51+036.29/',
];

/** A `seconds`-long 440 Hz tone, as browsers record voice notes (with metadata to strip). */
export const tone = {
  webmOpus: (seconds = 3) =>
    ffmpegMake(`sine=frequency=440:duration=${seconds}`, [...tags, '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm']),
  oggOpus: (seconds = 3) =>
    ffmpegMake(`sine=frequency=440:duration=${seconds}`, [...tags, '-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg']),
  /** Fragmented MP4 with AAC, the shape Safari's MediaRecorder writes (moov first, then fragments). */
  mp4Aac: (seconds = 3) =>
    ffmpegMake(`sine=frequency=440:duration=${seconds}`, [
      ...tags,
      '-c:a',
      'aac',
      '-b:a',
      '48k',
      '-movflags',
      '+frag_keyframe+empty_moov',
      '-f',
      'mp4',
    ]),
  /** Ogg Vorbis (older Firefox). */
  oggVorbis: (seconds = 3) => ffmpegMake(`sine=frequency=440:duration=${seconds}`, ['-c:a', 'libvorbis', '-f', 'ogg']),
  /** MP3 inside Matroska: a codec voice notes never use (refused). */
  mkvMp3: (seconds = 3) =>
    ffmpegMake(`sine=frequency=440:duration=${seconds}`, ['-c:a', 'libmp3lame', '-f', 'matroska']),
};

/**
 * Silence of `seconds` in WebM/Opus at a low bitrate (6 minutes stay far under 5 MB), with libopus's
 * fastest setting: minutes of silence encode 3–4× faster (299 s: 8.0 → 2.3 s here), the same size.
 */
export const silenceWebm = (seconds: number) =>
  ffmpegMake(`anullsrc=r=48000:cl=mono`, [
    '-t',
    String(seconds),
    '-c:a',
    'libopus',
    '-b:a',
    '6k',
    '-compression_level',
    '0',
    '-f',
    'webm',
  ]);

/** A WebM with a video track and sound (a screen recording, not a voice note). */
export const videoWebm = () =>
  ffmpegMake(
    'testsrc=duration=2:size=64x48:rate=5',
    ['-map', '0:v', '-map', '1:a', '-c:v', 'libvpx', '-c:a', 'libopus', '-f', 'webm'],
    ['-f', 'lavfi', '-i', 'sine=duration=2'],
  );

const base = () => sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 40, g: 150, b: 70 } } });

/** Each image type the upload accepts; the JPEG carries EXIF with a GPS position. */
export const images = {
  jpegWithGps: () =>
    base()
      .jpeg()
      .withExif({
        IFD0: { Make: 'FarmPhone', Model: 'X1', ImageDescription: 'field' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '33/1 30/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '36/1 17/1 0/1',
        },
      })
      .toBuffer(),
  png: () => base().png().toBuffer(),
  webp: () => base().webp().toBuffer(),
  gif: () => base().gif().toBuffer(),
  avif: () => base().avif().toBuffer(),
};

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const TEXT = Buffer.from('هذا ملف نصي وليس صورة ولا تسجيلاً صوتياً\n'.repeat(20));
/** An HEIC header (ftyp heic) over bytes no decoder reads: what an iPhone photo is to this sharp build. */
export const HEIC_LIKE = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
  Buffer.alloc(2000, 7),
]);
/** The first bytes of a WebM (EBML) and then garbage. */
export const EBML_JUNK = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 0x41)]);
