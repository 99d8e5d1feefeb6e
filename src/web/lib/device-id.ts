const KEY = 'deviceId';

/**
 * A random id for this browser (128 bits, kept in local storage), sent when
 * signing up or in: the fraud signals notice accounts made on one device.
 */
export function deviceId(): string {
  let id = localStorage.getItem(KEY);
  if (!id || !/^[0-9a-f]{32}$/.test(id)) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
      '',
    );
    localStorage.setItem(KEY, id);
  }
  return id;
}

/** The header the API reads it from. */
export const deviceHeaders = () => ({ 'x-device-id': deviceId() });
