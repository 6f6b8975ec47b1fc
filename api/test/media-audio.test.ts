/**
 * media/audio.ts on its own: the container sniffing, ffmpeg's time limit, and a missing ffmpeg being a
 * server fault (500), not the user's bad file (422). The queue that shares ffmpeg between accounts:
 * media-fairness.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { audioContainer, NotAudioError, resolveFfmpeg, VoiceTranscoder, VoiceTooLongError } from '../src/media/audio';
import { fixture, images, silenceWebm, tone } from './helpers/media';

const ffmpegPath = resolveFfmpeg();

describe('audioContainer', () => {
  it('tells recordings from images by their first bytes', async () => {
    expect(audioContainer(tone.webmOpus(1))).toBe('matroska');
    expect(audioContainer(tone.oggOpus(1))).toBe('ogg');
    expect(audioContainer(tone.mp4Aac(1))).toBe('mov');
    expect(audioContainer(fixture('chromium-recording.mp4'))).toBe('mov');
    expect(audioContainer(await images.avif())).toBeNull();
    expect(audioContainer(await images.png())).toBeNull();
    expect(audioContainer(Buffer.from('OggS'.slice(0, 3)))).toBeNull();
    expect(audioContainer(Buffer.alloc(0))).toBeNull();
  });
});

describe('VoiceTranscoder', () => {
  it('kills ffmpeg at its time limit: the upload is refused, nothing hangs', async () => {
    const slow = new VoiceTranscoder({ ffmpegPath, timeoutMs: 1 });
    await expect(slow.transcode(silenceWebm(60))).rejects.toBeInstanceOf(NotAudioError);
  });

  it('a missing ffmpeg is a server fault, not a refusal of the file', async () => {
    const broken = new VoiceTranscoder({ ffmpegPath: '/nonexistent/ffmpeg' });
    const err = await broken.transcode(tone.webmOpus(1)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(NotAudioError);
  });

  it('a shorter limit refuses longer audio', async () => {
    const short = new VoiceTranscoder({ ffmpegPath, maxMs: 2000 });
    await expect(short.transcode(tone.webmOpus(4))).rejects.toBeInstanceOf(VoiceTooLongError);
    expect((await short.transcode(tone.webmOpus(2))).durationMs).toBeGreaterThan(1900);
  });
});
