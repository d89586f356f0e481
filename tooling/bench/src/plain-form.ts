/**
 * The floor of the INP figures (issue 22): the waitlist wizard's interactions on a
 * page with no framework, measured in the same browser, with the same CPU slowdown
 * and in the same rounds as /beta. A button opens a native <dialog>; inside, a
 * form of three steps (an email field whose message and button follow each key, a
 * radio group that moves on by itself after 500 ms, a last step whose submit shows
 * 'Submitting...' and then a thank-you line), each step's DOM changed by a few
 * lines of inline script. The same labels as the site's, so one driver serves both.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onCleanup } from './cleanup';

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plain form: the INP floor of pnpm bench</title>
<style>
body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;color:#0f172a;background:#fff;line-height:1.5}
main{max-width:72rem;margin:0 auto;padding:4rem 1rem}
button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #4f46e5;background:#4f46e5;color:#fff}
button:disabled{opacity:.5}
dialog{width:100%;max-width:36rem;border:0;padding:4rem 1rem}
label{display:block;font-size:1.25rem;font-weight:600}
input[type=email]{display:block;width:100%;height:3rem;font:inherit}
fieldset{border:0;padding:0}
.error{color:#b91c1c;min-height:1.5rem}
</style>
</head>
<body>
<main>
<h1>Help shape the future of AI content creation</h1>
<button type="button" id="apply">Apply for Beta Access</button>
<dialog id="overlay" aria-labelledby="overlay-title">
<h2 id="overlay-title">Apply for Beta Access</h2>
<form id="form" novalidate>
<p><span id="count">Step 1 of 3</span> <progress id="progress" max="3" value="1"></progress></p>
<fieldset id="step-1">
<label for="email">What is your work email?</label>
<input type="email" id="email" name="email" autocomplete="email">
<p class="error" id="email-error"></p>
</fieldset>
<fieldset id="step-2" hidden>
<legend>Which best describes you?</legend>
<label><input type="radio" name="userType" value="Freelancer"> Freelancer</label>
<label><input type="radio" name="userType" value="Agency"> Agency</label>
</fieldset>
<fieldset id="step-3" hidden>
<p>Ready to join?</p>
</fieldset>
<p><button type="submit" id="advance" disabled>Continue</button></p>
</form>
<p id="done" role="status" hidden>You're on the list!</p>
</dialog>
</main>
<script>
const $ = (id) => document.getElementById(id);
let step = 1;
const valid = () => step !== 1 || /^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test($('email').value);
function show(next) {
  $('step-' + step).hidden = true;
  step = next;
  $('step-' + step).hidden = false;
  $('count').textContent = 'Step ' + step + ' of 3';
  $('progress').value = step;
  $('advance').textContent = step === 3 ? 'Complete' : 'Continue';
  $('advance').disabled = !valid() || step === 2;
}
$('apply').addEventListener('click', () => { $('overlay').showModal(); $('email').focus(); });
$('email').addEventListener('input', () => {
  $('email-error').textContent = valid() ? '' : 'Please enter a valid email address';
  $('advance').disabled = !valid();
});
for (const radio of document.querySelectorAll('input[name=userType]')) {
  radio.addEventListener('change', () => setTimeout(() => show(3), 500));
}
$('form').addEventListener('submit', (event) => {
  event.preventDefault();
  if (step === 1) return show(2);
  $('advance').textContent = 'Submitting...';
  $('advance').disabled = true;
  setTimeout(() => { $('form').hidden = true; $('done').hidden = false; }, 300);
});
</script>
</body>
</html>
`;

/** Serves the plain form on a free loopback port until the bench cleans up; resolves to its URL. */
export async function startPlainForm(): Promise<string> {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(HTML),
      })
      .end(HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(
    'plain form server',
    () => new Promise<void>((resolve) => server.close(() => resolve())),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}
