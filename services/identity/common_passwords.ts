/**
 * Passwords refused by `checkPassword` (compared lower-cased). Drawn from the best-known leaked-password top
 * lists plus a few local favourites (gamarjoba, sakartvelo …). Only entries of 8 or more characters are kept:
 * every policy requires at least 8, so shorter ones could never be reached.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
  password 12345678 123456789 baseball football qwertyuiop 1234567890 superman 1qaz2wsx trustno1
  jennifer sunshine iloveyou starwars computer michelle 11111111 princess 987654321 corvette 1234qwer
  88888888 q1w2e3r4t5 internet samantha whatever maverick steelers mercedes 123123123 qwer1234
  q1w2e3r4 midnight bigdaddy victoria 1q2w3e4r cocacola marlboro asdfasdf 87654321 12344321 qwerty123
  password1 password123 passw0rd p@ssw0rd p@ssword admin123 administrator changeme letmein123
  welcome1 welcome123 iloveyou1 abcd1234 abcdefgh a1b2c3d4 1q2w3e4r5t 1qazxsw2 zaq12wsx zaq1zaq1
  qwertyui qwerty12 asdfghjkl asdf1234 zxcvbnm1 password12 password01 password2 secret123 monkey123
  dragon123 football1 baseball1 superman1 sunshine1 princess1 shadow123 master123 trustno11 starwars1
  computer1 12341234 11223344 123456abc 147258369 1234512345 0987654321 987654321a aa123456 a12345678
  qweasdzxc 1qaz2wsx3edc 00000000 0000000000 1111111111 12121212 1234567891 123456789a 1234abcd
  abc12345 abc123456 aaaaaaaa zzzzzzzz asdfghjk 1q2w3e4r5t6y q1w2e3r4t5y6 qwe123qwe 12qwaszx 1qaz@wsx
  123qweasd 123qweasdzxc asdasdasd qweqweqwe qazwsxedc qazwsx123 zxcvbnm123 qwerty1234 qwertyqwerty
  password! password1! pa$$w0rd p@ssw0rd1 passpass iloveyou123 iloveyou2 letmein1 changeme1 test1234
  testtest test12345 admin1234 guest123 blahblah nopassword babygirl babygirl1 chocolate butterfly
  liverpool tinkerbell spongebob elizabeth alexander christian jonathan basketball beautiful
  barcelona princesa estrella blink182 fernando patricia jennifer1 mustang1 michael1 jordan23
  charlie1 superstar metallica slipknot sweetheart hellokitty strawberry softball caroline danielle
  sebastian garfield scorpion babydoll minecraft pokemon123 superman123 computer123 whatever1
  freedom1 michael123 jessica1 football12 iloveyou! welcome2024 summer2024 student1 student123
  students university gamarjoba sakartvelo saqartvelo tbilisi123 georgia1
`.split(/\s+/).filter(Boolean),
);
