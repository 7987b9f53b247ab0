import { hashPassword, scryptCost, verifyPassword } from './password';

describe('password hashes', () => {
  it('uses N=16384 outside tests, whatever PORTAL_TEST_SCRYPT_N says', () => {
    expect(scryptCost({ NODE_ENV: 'production', PORTAL_TEST_SCRYPT_N: '1024' })).toBe(16384);
    expect(scryptCost({ PORTAL_TEST_SCRYPT_N: '1024' })).toBe(16384);
  });

  it('lets a test run lower N only to a power of two from 1024 up to 16384', () => {
    expect(scryptCost({ NODE_ENV: 'test', PORTAL_TEST_SCRYPT_N: '1024' })).toBe(1024);
    expect(scryptCost({ NODE_ENV: 'test', PORTAL_TEST_SCRYPT_N: '512' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'test', PORTAL_TEST_SCRYPT_N: '3000' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'test', PORTAL_TEST_SCRYPT_N: '65536' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'test' })).toBe(16384);
  });

  it('verifies with the N stored in the hash, so hashes of either cost keep working', async () => {
    const hash = await hashPassword('Abc12345');
    expect(hash.split('$')[1]).toBe(String(scryptCost()));
    await expect(verifyPassword('Abc12345', hash)).resolves.toBe(true);
    await expect(verifyPassword('Abc12346', hash)).resolves.toBe(false);
    const full = hash.replace(/^scrypt\$\d+\$/, 'scrypt$16384$');
    await expect(verifyPassword('Abc12345', full)).resolves.toBe(false);
  });
});
