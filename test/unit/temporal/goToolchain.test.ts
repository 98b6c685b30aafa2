import { isGoRecentEnough, parseGoVersion } from '../../../temporal/devServer/goToolchain';

describe('parseGoVersion', () => {
  it.each([
    ['go version go1.26.8 linux/amd64', { major: 1, minor: 26, patch: 8, text: 'go1.26.8' }],
    ['go version go1.25 darwin/arm64', { major: 1, minor: 25, patch: 0, text: 'go1.25' }],
    ['go version go1.25rc2 linux/amd64', { major: 1, minor: 25, patch: 0, text: 'go1.25rc2' }],
    ['go version go1.24.11 linux/amd64', { major: 1, minor: 24, patch: 11, text: 'go1.24.11' }],
    ['go version devel go1.27-8e2a4f1 Tue Jan 6 2026 linux/amd64', { major: 1, minor: 27, patch: 0, text: 'go1.27' }],
  ])('reads %j', (output, expected) => {
    expect(parseGoVersion(output)).toEqual(expected);
  });

  it('answers undefined when the output names no Go release', () => {
    expect(parseGoVersion('bash: go: command not found')).toBeUndefined();
    expect(parseGoVersion('')).toBeUndefined();
  });
});

describe('isGoRecentEnough', () => {
  it.each([
    [{ major: 1, minor: 24 }, false],
    [{ major: 1, minor: 25 }, true],
    [{ major: 1, minor: 26 }, true],
    [{ major: 2, minor: 0 }, true],
    [{ major: 0, minor: 99 }, false],
  ])('says %j is recent enough for the Temporal CLI: %s', (version, expected) => {
    expect(isGoRecentEnough(version)).toBe(expected);
  });
});
