/**
 * A file the browser cannot read as a picture (a text file named .jpg) is refused in the UI language,
 * never with the browser's English "The source image could not be decoded." (issue 24).
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { ImageField } from '@/features/dashboard/components/image-field';
import { setLang } from '@/i18n';
import { compressImage, ImageError } from '@/lib/compress-image';

const BROWSER_REFUSAL = 'The source image could not be decoded.';
const AR = 'تعذّر فتح الملف: ليس صورة صالحة';
const EN = 'The file could not be opened: it is not a valid image';

/** A text file with a photo's name and type, as a phone's file picker hands it over. */
const textAsJpeg = () => new File(['just some text, not a picture'], 'photo.jpg', { type: 'image/jpeg' });

function browserCannotDecode() {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => {
      throw new DOMException(BROWSER_REFUSAL, 'InvalidStateError');
    }),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLang('ar');
});

describe('compressImage refusals', () => {
  it('turns the browser’s decode failure into an Arabic ImageError', async () => {
    browserCannotDecode();
    const err = await compressImage(textAsJpeg()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageError);
    expect((err as ImageError).reason).toBe('unreadable');
    expect((err as Error).message).toBe(AR);
  });

  it('says it in English in English mode', async () => {
    await setLang('en');
    browserCannotDecode();
    await expect(compressImage(textAsJpeg())).rejects.toThrow(EN);
  });

  it('refuses a file that is not of an image type without trying to decode it', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    await expect(compressImage(new File(['x'], 'notes.txt', { type: 'text/plain' }))).rejects.toThrow(AR);
    expect(decode).not.toHaveBeenCalled();
  });
});

describe('the image field of a form', () => {
  const pick = (file: File) => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
  };

  it('shows the refusal under the field, in Arabic, and keeps no image', async () => {
    browserCannotDecode();
    const onChange = vi.fn();
    renderWithProviders(<ImageField current={null} value={null} onChange={onChange} progress={null} />);
    pick(textAsJpeg());
    expect(await screen.findByText(AR)).toBeInTheDocument();
    expect(screen.queryByText(BROWSER_REFUSAL)).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('in English mode, in English', async () => {
    await setLang('en');
    browserCannotDecode();
    renderWithProviders(<ImageField current={null} value={null} onChange={vi.fn()} progress={null} />);
    pick(textAsJpeg());
    expect(await screen.findByText(EN)).toBeInTheDocument();
    expect(screen.queryByText(BROWSER_REFUSAL)).toBeNull();
  });
});
