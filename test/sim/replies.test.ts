import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, ConversationMessageSchema } from '../../common/api/customer';
import { ConversationSchema } from '../../common/api/assumed';
import { SEED, type Simulator } from '../../main/sim';
import { client, control, start } from './sim-client';

const C = SEED.conversations;
let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

const owner = () => client(sim);
const reply = (id: number | string, body: unknown, headers?: Record<string, string>, key = sim.keys.owner) =>
  client(sim, key).post(`/conversations/${id}/messages`, body, headers);
const thread = async (id: number) => ConversationSchema.parse((await owner().get(`/conversations/${id}`)).body).messages;

describe('POST /conversations/{conversation_id}/messages: the reply', () => {
  it('answers 201 with the Conversation message object, from business, with every field present', async () => {
    const res = await reply(C.phoneAndText, { body: 'See you Tuesday at 9.' });
    expect(res.status).toBe(201);
    const message = ConversationMessageSchema.parse(res.body);
    expect(message).toMatchObject({ conversation_id: C.phoneAndText, from: 'business', channel: 'text', text: 'See you Tuesday at 9.', delivery_status: 'queued', error: null });
  });

  it('rule 1: the reply appears in the thread and in Activity under the key creator', async () => {
    const res = await reply(C.phoneAndText, { body: 'Thanks!' }, undefined, sim.keys.admin);
    const messages = await thread(C.phoneAndText);
    expect(messages.at(-1)).toMatchObject({ id: res.body.id, from: 'business', text: 'Thanks!' });
    const activity = (await control(sim).send('GET', '/activity')).body.activity;
    expect(activity.at(-1)).toMatchObject({ member_id: SEED.members.admin, kind: 'reply', subject: `conversation-${C.phoneAndText}` });
  });

  it('a queued text moves to sent and delivered on the virtual clock', async () => {
    const res = await reply(C.phoneAndText, { body: 'On my way' });
    await control(sim).advance(6_000);
    expect((await thread(C.phoneAndText)).find((m) => m.id === res.body.id)?.delivery_status).toBe('delivered');
  });

  it('an email reply is sent at once', async () => {
    const res = await reply(C.optedOut, { body: 'Friday 10am works.', channel: 'email' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ channel: 'email', delivery_status: 'sent', error: null });
  });
});

describe('channel', () => {
  it('may be left out when the conversation has exactly one of text and email', async () => {
    expect((await reply(C.phoneAndText, { body: 'hi' })).body.channel).toBe('text');
    expect((await reply(C.undeliverableEmail, { body: 'hi' })).body.channel).toBe('email');
  });

  it('left out when the conversation has both text and email: 400 invalid_request asking to choose', async () => {
    const res = await reply(C.optedOut, { body: 'hi' });
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(res.body).issues).toEqual([{ path: ['channel'], message: expect.stringContaining('choose') }]);
  });

  it('must be one of the conversation channels: 422 when there is no such thread', async () => {
    const res = await reply(C.phoneAndText, { body: 'hi', channel: 'email' });
    expect(res.status).toBe(422);
    expect(ApiErrorBodySchema.parse(res.body).code).toBe('unprocessable');
  });

  it('must be text or email: 400 for any other value', async () => {
    const res = await reply(C.phoneAndText, { body: 'hi', channel: 'web_chat' });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toEqual(['channel']);
  });
});

describe('rule 2: website chats and calls without text or email cannot receive a reply', () => {
  it('a website chat answers 422 and nothing is sent', async () => {
    const before = (await thread(C.webChat)).length;
    const res = await reply(C.webChat, { body: 'hello' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('unprocessable');
    expect(await thread(C.webChat)).toHaveLength(before);
  });

  it('a phone-only call answers 422', async () => {
    const res = await reply(C.phoneOnly, { body: 'hello' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/no text or email thread/);
  });
});

describe('rule 3: the key creator must be allowed to message the customer', () => {
  it('answers 403 forbidden for a customer the creator may not message, and sends nothing', async () => {
    const before = (await thread(C.userMayNotMessage)).length;
    const res = await reply(C.userMayNotMessage, { body: 'hi' }, undefined, sim.keys.user);
    expect(res.status).toBe(403);
    expect(ApiErrorBodySchema.parse(res.body).code).toBe('forbidden');
    expect(await thread(C.userMayNotMessage)).toHaveLength(before);
  });

  it('the same reply by someone allowed is sent', async () => {
    expect((await reply(C.userMayNotMessage, { body: 'hi' })).status).toBe(201);
  });

  it('a conversation the creator cannot see answers 404 not_found', async () => {
    const res = await reply(C.hiddenFromUser, { body: 'hi' }, undefined, sim.keys.user);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('a conversation that does not exist answers 404', async () => {
    expect((await reply(999, { body: 'hi' })).status).toBe(404);
  });
});

describe('rule 4: a customer who replied STOP receives no texts; email still sends', () => {
  it('a text to the opted-out customer is 422; an email to them is 201', async () => {
    expect((await reply(C.optedOut, { body: 'hi', channel: 'text' })).status).toBe(422);
    expect((await reply(C.optedOut, { body: 'hi', channel: 'email' })).status).toBe(201);
  });

  it('an inbound STOP opts the customer out; START opts them back in', async () => {
    const stop = await control(sim).post(`/conversations/${C.phoneAndText}/inbound`, { text: 'STOP' });
    expect(stop.body).toMatchObject({ classified: 'opt_out', text_opted_out: true });
    expect((await owner().get(`/conversations/${C.phoneAndText}`)).body.text_opted_out).toBe(true);
    expect((await reply(C.phoneAndText, { body: 'hi' })).status).toBe(422);
    await control(sim).post(`/conversations/${C.phoneAndText}/inbound`, { text: 'START' });
    expect((await reply(C.phoneAndText, { body: 'hi' })).status).toBe(201);
  });
});

describe('rule 5: a send that fails still returns 201 with delivery_status failed and error', () => {
  it('an email to an undeliverable address', async () => {
    const res = await reply(C.undeliverableEmail, { body: 'Here is the form.' });
    expect(res.status).toBe(201);
    const message = ConversationMessageSchema.parse(res.body);
    expect(message.delivery_status).toBe('failed');
    expect(message.error).toMatch(/Mailbox unavailable/);
  });

  it('a delivery outcome forced through the control API', async () => {
    await control(sim).fault({ path: `/api/v1/conversations/${C.phoneAndText}/messages`, delivery: { status: 'failed', error: 'Landline: cannot receive texts.' } });
    const res = await reply(C.phoneAndText, { body: 'hi' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ delivery_status: 'failed', error: 'Landline: cannot receive texts.' });
    expect((await reply(C.phoneAndText, { body: 'again' })).body.delivery_status).toBe('queued');
  });

  it('an unknown outcome (the provider did not answer)', async () => {
    await control(sim).fault({ path: '/api/v1/conversations/', delivery: { status: 'unknown' } });
    expect(ConversationMessageSchema.parse((await reply(C.phoneAndText, { body: 'hi' })).body).delivery_status).toBe('unknown');
  });
});

describe('rule 8: 422 when the dashboard would refuse, nothing sent', () => {
  it('a text longer than 10 SMS segments is 422; exactly 10 segments is sent', async () => {
    expect((await reply(C.phoneAndText, { body: 'a'.repeat(1531) })).status).toBe(422);
    expect((await reply(C.phoneAndText, { body: 'a'.repeat(1530) })).status).toBe(201);
  });

  it('texting not set up on the phone line is 422', async () => {
    const res = await reply(C.hiddenFromUser, { body: 'We can see you at 8.', channel: 'text' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/Texting is not set up/);
  });
});

describe('body: 1 to 5000 characters after trimming; no other properties', () => {
  it('leading and trailing spaces are removed from the sent text', async () => {
    expect((await reply(C.phoneAndText, { body: '   hello  \n' })).body.text).toBe('hello');
  });

  it('a body of only spaces is 400 invalid_request naming body', async () => {
    const res = await reply(C.phoneAndText, { body: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: ['body'], message: expect.any(String) }]);
  });

  it('more than 5000 characters after trimming is 400; 5000 plus spaces is accepted', async () => {
    expect((await reply(C.optedOut, { body: 'x'.repeat(5001), channel: 'email' })).status).toBe(400);
    expect((await reply(C.optedOut, { body: ` ${'x'.repeat(5000)} `, channel: 'email' })).status).toBe(201);
  });

  it('a missing body is 400 saying it is required', async () => {
    const res = await reply(C.phoneAndText, {});
    expect(res.body.issues).toEqual([{ path: ['body'], message: 'Required.' }]);
  });

  it('an unknown property is 400 with an issue naming it', async () => {
    const res = await reply(C.phoneAndText, { body: 'hi', subject: 'Re: hi' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: ['subject'], message: expect.stringContaining('subject') }]);
  });

  it('every failed input gets its own issue (path, body, channel, key)', async () => {
    const res = await reply('abc', { body: 5, channel: 'fax', idempotency_key: 'no spaces allowed', extra: true });
    expect(res.status).toBe(400);
    const paths = ApiErrorBodySchema.parse(res.body).issues?.map((i) => i.path.join('.'));
    expect(paths?.sort()).toEqual(['body', 'channel', 'conversation_id', 'extra', 'idempotency_key']);
  });

  it('conversation_id must be an integer of at least 1', async () => {
    for (const id of ['0', '-1', '1.5', 'abc', '1e3']) {
      const res = await reply(id, { body: 'hi' });
      expect(res.status, id).toBe(400);
      expect(res.body.issues[0].path).toEqual(['conversation_id']);
    }
  });

  it('malformed JSON is 400 invalid_request', async () => {
    const res = await reply(C.phoneAndText, '{"body": "hi"');
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(res.body).code).toBe('invalid_request');
  });
});

describe('rule 6: idempotency, scoped to the key creator and one conversation', () => {
  it('a retry with the same key returns the first message and sends nothing', async () => {
    const first = await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'draft-1' });
    const again = await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'draft-1' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await thread(C.phoneAndText)).filter((m) => m.from === 'business')).toHaveLength(1);
  });

  it('the Idempotency-Key header is equivalent to the body field', async () => {
    const first = await reply(C.phoneAndText, { body: 'hi' }, { 'Idempotency-Key': 'k:1' });
    const again = await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'k:1' });
    expect(again.body.id).toBe(first.body.id);
  });

  it('a retry from another key the same person created returns the first message', async () => {
    const second = (await control(sim).post('/keys', { member_id: SEED.members.owner })).body.key as string;
    const first = await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'abc' });
    const again = await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'abc' }, undefined, second);
    expect(again.body.id).toBe(first.body.id);
  });

  it('the same key from another person, or on another conversation, is a new reply', async () => {
    const first = await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'abc' });
    const other = await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'abc' }, undefined, sim.keys.admin);
    const elsewhere = await reply(C.userMayNotMessage, { body: 'hi', idempotency_key: 'abc' });
    expect(new Set([first.body.id, other.body.id, elsewhere.body.id]).size).toBe(3);
  });

  it('reusing the key with a different body is 409 conflict and nothing is sent', async () => {
    await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'abc' });
    const res = await reply(C.phoneAndText, { body: 'hello', idempotency_key: 'abc' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    expect((await thread(C.phoneAndText)).filter((m) => m.from === 'business')).toHaveLength(1);
  });

  it('reusing the key with a different channel is 409', async () => {
    await reply(C.optedOut, { body: 'hi', channel: 'email', idempotency_key: 'abc' });
    expect((await reply(C.optedOut, { body: 'hi', channel: 'text', idempotency_key: 'abc' })).status).toBe(409);
  });

  it('sending both the header and the body key is 400', async () => {
    const res = await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'a' }, { 'Idempotency-Key': 'a' });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toEqual(['idempotency_key']);
  });

  it('a key outside the pattern is 400, in the header or the body', async () => {
    expect((await reply(C.phoneAndText, { body: 'hi' }, { 'Idempotency-Key': 'x'.repeat(121) })).status).toBe(400);
    expect((await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'a/b' })).status).toBe(400);
  });

  it('a refused reply records no key: after a 422 the same key can send once fixed', async () => {
    expect((await reply(C.optedOut, { body: 'hi', channel: 'text', idempotency_key: 'k' })).status).toBe(422);
    expect((await reply(C.optedOut, { body: 'hi', channel: 'email', idempotency_key: 'k' })).status).toBe(201);
  });
});

describe('rule 7: the rare 409 when the send began but its result could not be saved', () => {
  it('answers 409 conflict, the message did go out, and a retry with the key returns it', async () => {
    await control(sim).fault({ path: `/api/v1/conversations/${C.phoneAndText}/messages`, ambiguous409: true, count: 1 });
    const res = await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'draft-9' });
    expect(res.status).toBe(409);
    expect(ApiErrorBodySchema.parse(res.body).error).toMatch(/may have gone out/);
    const sent = (await thread(C.phoneAndText)).filter((m) => m.from === 'business');
    expect(sent).toHaveLength(1);
    const retry = await reply(C.phoneAndText, { body: 'hi', idempotency_key: 'draft-9' });
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(sent[0]?.id);
  });
});
