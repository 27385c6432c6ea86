import { describe, expect, it } from 'vitest';
import {
  codeSettlesRefusal,
  getUsersBlogsCall,
  looksLikeApplicationPassword,
  readGetUsersBlogsAnswer,
  refusalCause,
} from '../../../../plugins/wordpress/credentials.js';

const APP = 'abcd EFGH ijkl MNOP qrst UVWX';
const FAULT = (code: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<methodResponse>\n  <fault>\n    <value>\n      <struct>\n        <member>\n          <name>faultCode</name>\n          <value><int>${code}</int></value>\n        </member>\n        <member>\n          <name>faultString</name>\n          <value><string>x</string></value>\n        </member>\n      </struct>\n    </value>\n  </fault>\n</methodResponse>`;
const OK =
  '<?xml version="1.0" encoding="UTF-8"?><methodResponse><params><param><value><array><data></data></array></value></param></params></methodResponse>';

describe('plugins/wordpress credentials: why a password was refused', () => {
  it('recognises an Application Password with or without its spaces, and nothing else', () => {
    expect(looksLikeApplicationPassword(APP)).toBe(true);
    expect(looksLikeApplicationPassword(APP.replace(/ /g, ''))).toBe(true);
    expect(looksLikeApplicationPassword('correct horse battery staple')).toBe(false);
    expect(looksLikeApplicationPassword('abcd-EFGH-ijkl-MNOP-qrst-UVWX')).toBe(false);
    expect(looksLikeApplicationPassword('abcdEFGHijklMNOPqrstUVW')).toBe(false);
  });

  it('trusts the REST code when it proves the header arrived, without asking XML-RPC', () => {
    expect(codeSettlesRefusal('incorrect_password')).toBe(true);
    expect(codeSettlesRefusal('rest_not_logged_in')).toBe(false);
    expect(refusalCause('incorrect_password', undefined, APP)).toBe('wrong-password');
    expect(refusalCause('invalid_username', undefined, APP)).toBe('wrong-password');
    expect(refusalCause('application_passwords_disabled', undefined, APP)).toBe(
      'application-passwords-disabled',
    );
  });

  it('never takes rest_not_logged_in alone for a stripped header', () => {
    expect(refusalCause('rest_not_logged_in', 'refused', APP)).toBe('wrong-password');
    expect(refusalCause('rest_not_logged_in', 'accepted', APP)).toBe('header-stripped');
    expect(refusalCause('rest_not_logged_in', 'accepted', 'my login password')).toBe('login-password');
    expect(refusalCause('rest_not_logged_in', 'unavailable', APP)).toBe('undetermined');
    expect(refusalCause(undefined, undefined, APP)).toBe('undetermined');
  });

  it('reads XML-RPC’s answers: params accepted, fault 403 refused, anything else unavailable', () => {
    expect(readGetUsersBlogsAnswer(200, 'text/xml; charset=UTF-8', OK)).toBe('accepted');
    expect(readGetUsersBlogsAnswer(200, 'text/xml; charset=UTF-8', FAULT(403))).toBe('refused');
    expect(readGetUsersBlogsAnswer(200, 'text/xml; charset=UTF-8', FAULT(405))).toBe('unavailable');
    expect(readGetUsersBlogsAnswer(403, 'text/html', '<h1>Forbidden</h1>')).toBe('unavailable');
    expect(
      readGetUsersBlogsAnswer(200, 'text/html', '<html>XML-RPC server accepts POST requests only.</html>'),
    ).toBe('unavailable');
    expect(readGetUsersBlogsAnswer(405, 'text/plain', '')).toBe('unavailable');
  });

  it('escapes the user name and password in the XML-RPC call', () => {
    const call = getUsersBlogsCall('a<b>&"c\'', 'x</string><string>y');
    expect(call).toContain('<string>a&#60;b&#62;&#38;&#34;c&#39;</string>');
    expect(call).toContain('<string>x&#60;/string&#62;&#60;string&#62;y</string>');
    expect(call.match(/<param>/g)).toHaveLength(2);
  });
});
