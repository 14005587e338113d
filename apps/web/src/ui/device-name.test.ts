import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device-name';

describe('deviceLabel', () => {
  it('names browser and system from a user agent', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome no Windows');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1',
      ),
    ).toBe('Safari no iOS');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox no Linux',
    );
  });

  it('reads the client-hints form Chromium browsers register', () => {
    expect(deviceLabel('macOS 14.2.1 arm macOS Not A(Brand/99.0.0.0;Google Chrome/121.0.6167.160')).toBe(
      'Chrome no macOS',
    );
    expect(deviceLabel('Windows 15.0.0 x86 Windows Microsoft Edge/131.0.2903.86;Chromium/131.0.6778.205')).toBe(
      'Edge no Windows',
    );
  });

  it('gives up on names it does not know', () => {
    expect(deviceLabel('Node.js/20')).toBeNull();
    expect(deviceLabel(undefined)).toBeNull();
  });
});
