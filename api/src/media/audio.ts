/**
 * Voice notes: proven by decoding, stored as one format every browser plays.
 *
 * Accepted: what MediaRecorder produces — WebM (Chromium, Firefox) and Ogg (Firefox) with Opus,
 * MP4 with AAC (Safari) or Opus (Chromium's `audio/mp4`); Vorbis in WebM/Ogg too. The container is
 * recognised by its first bytes and named to ffmpeg explicitly (`-f`), ffmpeg may open only that
 * demuxer (`-format_whitelist`), local files only (`-protocol_whitelist file`: no playlist or
 * reference can reach the network or another file), and decode only Opus, AAC or Vorbis
 * (`-codec_whitelist`). A file with a video track, no audio, or anything that fails to decode is
 * refused; so is audio longer than 5 minutes (+1 s for container rounding).
 *
 * Stored: MP3, mono, 32 kHz, 48 kbit/s CBR (≈ 360 KB a minute), encoded with LAME's fast algorithm
 * (-q 7), without the recording's metadata (`-map_metadata -1`, no chapters, no ID3 tags; only the Info
 * frame with the encoder's name, which browsers use for the duration). MP3 is the one format Chromium
 * (Debian's build included), Firefox and Safari all decode without platform codecs (docs/decisions.md).
 * The duration is read from the MP3 produced (music-metadata), never from the upload's headers
 * (Chromium's WebM recordings have none).
 *
 * ffmpeg runs with a time limit (killed after `timeoutMs`), in its account's turn (media/fair-queue.ts: two
 * at a time, one per account, the accounts in turn; a full queue refuses with QueueFull).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { LIMITS } from '@agrivet/shared';
import { parseBuffer } from 'music-metadata';
import { DEFAULT_FAIR_QUEUE, FairQueue, type FairQueueOptions } from './fair-queue';

export class NotAudioError extends Error {
  override name = 'NotAudioError';
}
export class VoiceTooLongError extends Error {
  override name = 'VoiceTooLongError';
}

/** A voice note may run this much over LIMITS.voiceMaxMs (containers round their timestamps). */
export const VOICE_TOLERANCE_MS = 1000;

type Demuxer = 'matroska' | 'ogg' | 'mov';

/** Image brands of the ISO base media file format (HEIC, AVIF …): these go to the image pipeline. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

/** The audio container a file claims to be by its first bytes, or null (not a voice recording). */
export function audioContainer(head: Buffer): Demuxer | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'matroska'; // EBML: WebM, Matroska
  if (head.length >= 4 && head.toString('latin1', 0, 4) === 'OggS') return 'ogg';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const major = head.toString('latin1', 8, 12);
    return IMAGE_BRANDS.has(major) ? null : 'mov';
  }
  return null;
}

/** The ffmpeg binary: FFMPEG_PATH, else the registry's static build (@ffmpeg-installer), else `ffmpeg` on PATH. */
export function resolveFfmpeg(configured?: string): string {
  if (configured) return configured;
  try {
    const require = createRequire(import.meta.url);
    const installed = require('@ffmpeg-installer/ffmpeg') as { path: string };
    if (installed.path && existsSync(installed.path)) return installed.path;
  } catch {
    // no build for this platform: fall back to the system's ffmpeg
  }
  return 'ffmpeg';
}

export interface VoiceOptions {
  ffmpegPath: string;
  /** Kill ffmpeg after this long (ms). */
  timeoutMs?: number;
  /** Longest accepted voice note (ms), before the tolerance. */
  maxMs?: number;
  /** How ffmpeg runs are shared between accounts (default DEFAULT_FAIR_QUEUE). */
  queue?: Partial<FairQueueOptions>;
}

export interface Voice {
  /** The MP3 to store. */
  data: Buffer;
  durationMs: number;
}

interface RunResult {
  code: number | null;
  stderr: string;
  timedOut: boolean;
  /** ffmpeg could not be started at all (a server fault, not bad input). */
  spawnError?: Error;
}

function runFfmpeg(bin: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timedOut = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, stderr, timedOut, spawnError: err });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, timedOut });
    });
  });
}

/** Streams ffmpeg listed for the input, from its log: `Stream #0:0(eng): Audio: opus, …`. */
const inputStreams = (log: string): string[] =>
  [...log.matchAll(/^\s*Stream #0:\d+[^:]*: (\w+):/gm)].map((m) => m[1] as string);

export class VoiceTranscoder {
  readonly queue: FairQueue;
  private readonly timeoutMs: number;
  private readonly maxMs: number;

  constructor(private readonly options: VoiceOptions) {
    this.queue = new FairQueue({ ...DEFAULT_FAIR_QUEUE, ...options.queue });
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxMs = options.maxMs ?? LIMITS.voiceMaxMs;
  }

  /**
   * Decodes the upload and returns it as MP3, in `account`'s turn; NotAudioError / VoiceTooLongError for
   * bad input, QueueFull when the account (or the queue) has too much waiting.
   */
  async transcode(input: Buffer, account: string | number = 'anonymous'): Promise<Voice> {
    const demuxer = audioContainer(input);
    if (!demuxer) throw new NotAudioError('unknown container');
    return this.queue.run(account, async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'agrivet-voice-'));
      try {
        const source = path.join(dir, 'in');
        const target = path.join(dir, 'out.mp3');
        await writeFile(source, input);
        const limitSeconds = (this.maxMs + VOICE_TOLERANCE_MS) / 1000 + 1;
        const run = await runFfmpeg(
          this.options.ffmpegPath,
          [
            '-nostdin',
            '-hide_banner',
            '-loglevel',
            'info',
            '-protocol_whitelist',
            'file',
            '-format_whitelist',
            demuxer === 'mov' ? 'mov,mp4,m4a,3gp,3g2,mj2' : demuxer === 'matroska' ? 'matroska,webm' : 'ogg',
            '-codec_whitelist',
            'opus,libopus,aac,aac_fixed,vorbis,libvorbis',
            '-f',
            demuxer,
            '-i',
            source,
            '-map',
            '0:a:0',
            '-vn',
            '-sn',
            '-dn',
            '-map_metadata',
            '-1',
            '-map_chapters',
            '-1',
            '-t',
            String(limitSeconds),
            '-ac',
            '1',
            '-ar',
            '32000',
            '-c:a',
            'libmp3lame',
            '-b:a',
            '48k',
            // LAME's faster algorithm (-q 7 instead of its default 3): about half the CPU for the same
            // bit rate (a 5-minute note 3.3 → 1.9 s of one core here); at 48 kbit/s mono speech no ear
            // tells them apart (docs/decisions.md "Voice notes: stored as MP3").
            '-compression_level',
            '7',
            '-id3v2_version',
            '0',
            '-write_id3v1',
            '0',
            '-fflags',
            '+bitexact',
            '-f',
            'mp3',
            '-y',
            target,
          ],
          this.timeoutMs,
        );
        if (run.spawnError)
          throw new Error(`ffmpeg could not start (${this.options.ffmpegPath}): ${run.spawnError.message}`);
        if (run.timedOut) throw new NotAudioError('ffmpeg timed out');
        if (run.code !== 0) throw new NotAudioError(`ffmpeg failed (${run.code})`);
        const streams = inputStreams(run.stderr);
        if (streams.length === 0 || streams.some((kind) => kind !== 'Audio')) {
          throw new NotAudioError(`streams: ${streams.join(',') || 'none'}`);
        }
        if (/not on whitelist/.test(run.stderr)) throw new NotAudioError('codec not accepted');
        const data = await readFile(target);
        let seconds: number | undefined;
        try {
          seconds = (await parseBuffer(data, { mimeType: 'audio/mpeg' }, { duration: true, skipCovers: true })).format
            .duration;
        } catch {
          seconds = undefined;
        }
        if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) throw new NotAudioError('no audio');
        const durationMs = Math.round(seconds * 1000);
        if (durationMs > this.maxMs + VOICE_TOLERANCE_MS) throw new VoiceTooLongError(`${durationMs} ms`);
        return { data, durationMs };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
}
