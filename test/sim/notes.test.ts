import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversationSchema } from '../../common/api/assumed';
import { ApiErrorBodySchema, TaskNoteSchema } from '../../common/api/customer';
import { SEED, type Simulator } from '../../main/sim';
import { client, control, start } from './sim-client';

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

const note = (taskId: string, body: unknown, key = sim.keys.owner) => client(sim, key).post(`/tasks/${taskId}/notes`, body);

describe('POST /tasks/{task_id}/notes', () => {
  it('answers 201 with the Task note object', async () => {
    const res = await note('conversation-1', { content: 'Called back, no answer.' });
    expect(res.status).toBe(201);
    expect(TaskNoteSchema.parse(res.body).content).toBe('Called back, no answer.');
  });

  it('rule 1: the note is internal; the customer is not contacted', async () => {
    const before = ConversationSchema.parse((await client(sim).get('/conversations/1')).body).messages;
    await note('conversation-1', { content: 'Internal only' });
    expect(ConversationSchema.parse((await client(sim).get('/conversations/1')).body).messages).toEqual(before);
  });

  it('rule 2: the author is the key creator', async () => {
    const res = await note('conversation-2', { content: 'Emailed her.' }, sim.keys.manager);
    expect(TaskNoteSchema.parse(res.body).author).toEqual({ id: SEED.members.manager, name: 'Grace Kim' });
  });

  it('rule 3: a form task id is 400 invalid_request', async () => {
    const res = await note('form-submission-1', { content: 'hi' });
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(res.body).issues).toEqual([{ path: ['task_id'], message: expect.stringContaining('Form tasks') }]);
  });

  it('task_id must match conversation-<digits>: anything else is 400', async () => {
    for (const id of ['conversation-x', 'conversation-', '12', 'Conversation-1']) {
      const res = await note(id, { content: 'hi' });
      expect(res.status, id).toBe(400);
      expect(res.body.issues[0].path).toEqual(['task_id']);
    }
  });

  it('rule 4: repeating a request adds another note (no idempotency)', async () => {
    const a = await note('conversation-1', { content: 'same' });
    const b = await note('conversation-1', { content: 'same' });
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('rule 5: a merged conversation is 404 not_found naming the task to use', async () => {
    const res = await note('conversation-8', { content: 'hi' });
    expect(res.status).toBe(404);
    expect(ApiErrorBodySchema.parse(res.body).code).toBe('not_found');
    expect(res.body.error).toContain('conversation-1');
  });

  it('a merge made later is reported the same way', async () => {
    await control(sim).post('/conversations/6/merge', { into: 2 });
    expect((await note('conversation-6', { content: 'hi' })).body.error).toContain('conversation-2');
  });

  it('rule 6: with a note required before done, the note is added first and the status change afterwards', async () => {
    const client1 = client(sim);
    expect((await client1.patch('/tasks/conversation-1', { status: 'done' })).status).toBe(422);
    expect((await note('conversation-1', { content: 'Done: rebooked.' })).status).toBe(201);
    expect((await client1.patch('/tasks/conversation-1', { status: 'done' })).status).toBe(200);
  });

  it('content: 1 to 5000 characters after trimming; stored trimmed', async () => {
    expect((await note('conversation-1', { content: '  padded  ' })).body.content).toBe('padded');
    expect((await note('conversation-1', { content: ' \n\t ' })).status).toBe(400);
    expect((await note('conversation-1', { content: 'x'.repeat(5001) })).status).toBe(400);
    expect((await note('conversation-1', { content: ` ${'x'.repeat(5000)} ` })).status).toBe(201);
  });

  it('an @mention stays plain text', async () => {
    expect((await note('conversation-1', { content: '@Dev please check' })).body.content).toBe('@Dev please check');
  });

  it('missing or mistyped content is 400 naming content', async () => {
    expect((await note('conversation-1', {})).body.issues).toEqual([{ path: ['content'], message: 'Required.' }]);
    expect((await note('conversation-1', { content: 7 })).body.issues[0].path).toEqual(['content']);
  });

  it('a task that does not exist or that the creator cannot see is 404 not_found', async () => {
    expect((await note('conversation-999', { content: 'hi' })).status).toBe(404);
    expect((await note('conversation-7', { content: 'hi' }, sim.keys.user)).status).toBe(404);
  });

  it('rule 7: another method is 405 method_not_allowed with Allow: POST', async () => {
    const res = await client(sim).get('/tasks/conversation-1/notes');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(ApiErrorBodySchema.parse(res.body).code).toBe('method_not_allowed');
  });

  it('a refused note adds nothing', async () => {
    await note('conversation-1', { content: '' });
    await note('form-submission-1', { content: 'x' });
    expect(sim.world.notesOf('conversation-1')).toHaveLength(0);
  });
});
