import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaskListSchema } from '../../common/api/assumed';
import { ApiErrorBodySchema, TaskSchema } from '../../common/api/customer';
import { NOTE_REQUIRED_MESSAGE, SEED, type Simulator } from '../../main/sim';
import { client, control, start } from './sim-client';

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

const ids = async (range?: string, key = sim.keys.owner) =>
  TaskListSchema.parse((await client(sim, key).get(`/tasks${range ? `?range=${range}` : ''}`)).body).tasks.map((t) => t.id);

describe('GET /tasks?range=today|yesterday', () => {
  it('returns the tasks created today in the team timezone, newest first, each a valid Task', async () => {
    const res = await client(sim).get('/tasks?range=today');
    expect(res.status).toBe(200);
    const { tasks } = TaskListSchema.parse(res.body);
    expect(tasks.map((t) => t.id)).toEqual(['conversation-1', 'conversation-2', 'conversation-4', 'form-submission-1', 'conversation-6', 'conversation-7']);
    const times = tasks.map((t) => Date.parse(t.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('range yesterday returns yesterday\'s tasks', async () => {
    expect(await ids('yesterday')).toEqual(['conversation-5', 'conversation-3']);
  });

  it('range defaults to today', async () => {
    expect(await ids()).toEqual(await ids('today'));
  });

  it('an unknown range is 400 invalid_request naming range', async () => {
    const res = await client(sim).get('/tasks?range=tomorrow');
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(res.body).issues?.[0]?.path).toEqual(['range']);
  });

  it('today and yesterday are days in the team timezone, not UTC days', async () => {
    // 03:30 UTC on March 10 is 23:30 on March 9 in New York.
    const local = await start({ startTime: Date.parse('2026-03-10T03:30:00Z') });
    try {
      const created = (await control(local).post('/tasks', { kind: 'conversation' })).body.taskId as string;
      const todayIds = TaskListSchema.parse((await client(local).get('/tasks?range=today')).body).tasks.map((t) => t.id);
      expect(todayIds).toContain(created);
      await control(local).advance(60 * 60_000); // 00:30 on March 10 in New York
      const yesterdayIds = TaskListSchema.parse((await client(local).get('/tasks?range=yesterday')).body).tasks.map((t) => t.id);
      expect(yesterdayIds).toContain(created);
      expect(TaskListSchema.parse((await client(local).get('/tasks?range=today')).body).tasks.map((t) => t.id)).not.toContain(created);
    } finally {
      await local.close();
    }
  });

  it('leaves out tasks the key creator cannot see and merged conversations', async () => {
    const userIds = await ids('today', sim.keys.user);
    expect(userIds).not.toContain('conversation-7');
    expect(await ids('today')).not.toContain('conversation-8');
  });

  it('includes new tasks as they arrive', async () => {
    const { taskId } = (await control(sim).post('/tasks', { kind: 'form' })).body;
    expect((await ids())[0]).toBe(taskId);
  });
});

describe('GET /tasks/{task_id}', () => {
  it('returns a conversation task as a valid Task with its conversation and phone line', async () => {
    const task = TaskSchema.parse((await client(sim).get('/tasks/conversation-1')).body);
    expect(task.conversation).toMatchObject({ id: 1, channel: 'phone', phone_line: { id: 1, name: 'Main Office' } });
    expect(task.form).toBeNull();
  });

  it('returns a form task with form set and conversation null', async () => {
    const task = TaskSchema.parse((await client(sim).get('/tasks/form-submission-1')).body);
    expect(task.conversation).toBeNull();
    expect(task.form).toMatchObject({ id: 1 });
  });

  it('a task the key creator cannot see is 404 not_found, like a missing one', async () => {
    const hidden = await client(sim, sim.keys.user).get('/tasks/conversation-7');
    const missing = await client(sim).get('/tasks/conversation-999');
    expect([hidden.status, hidden.body.code, missing.status, missing.body.code]).toEqual([404, 'not_found', 404, 'not_found']);
  });

  it('a merged conversation\'s task is 404 naming the task to use instead', async () => {
    const res = await client(sim).get('/tasks/conversation-8');
    expect(res.status).toBe(404);
    expect(res.body.error).toContain('conversation-1');
  });

  it('a task id with leading zeros names the same task on every task operation', async () => {
    expect(TaskSchema.parse((await client(sim).get('/tasks/conversation-001')).body).id).toBe('conversation-1');
    expect((await client(sim).patch('/tasks/form-submission-01', { status: 'waiting' })).body.status).toBe('waiting');
    expect((await client(sim).post('/tasks/conversation-0001/notes', { content: 'zeros' })).status).toBe(201);
    expect(sim.world.notesOf('conversation-1').map((n) => n.content)).toEqual(['zeros']);
  });

  it('a malformed task id is 400 naming task_id', async () => {
    for (const id of ['conversation-x', 'task-1', 'form-submission-']) {
      const res = await client(sim).get(`/tasks/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.issues[0].path).toEqual(['task_id']);
    }
  });
});

describe('PATCH /tasks/{task_id}: status or assignee', () => {
  const patch = (id: string, body: unknown, key = sim.keys.owner) => client(sim, key).patch(`/tasks/${id}`, body);

  it('changes the status and answers 200 with the updated Task', async () => {
    const res = await patch('conversation-1', { status: 'in_progress' });
    expect(res.status).toBe(200);
    expect(TaskSchema.parse(res.body).status).toBe('in_progress');
    expect((await client(sim).get('/tasks/conversation-1')).body.status).toBe('in_progress');
  });

  it('changes the assignee, and null unassigns', async () => {
    expect(TaskSchema.parse((await patch('conversation-1', { assigned_to: SEED.members.user })).body).assignee).toEqual({ id: 4, name: 'Sam Rivera' });
    expect(TaskSchema.parse((await patch('conversation-1', { assigned_to: null })).body).assignee).toBeNull();
  });

  it('works on form tasks too', async () => {
    expect((await patch('form-submission-1', { status: 'done' })).status).toBe(200);
  });

  it('records the change in Activity under the key creator', async () => {
    await patch('conversation-1', { status: 'waiting' }, sim.keys.manager);
    const activity = (await control(sim).send('GET', '/activity')).body.activity;
    expect(activity.at(-1)).toMatchObject({ member_id: SEED.members.manager, kind: 'task_update', subject: 'conversation-1' });
  });

  it('an unknown status is 400 invalid_request and nothing changes', async () => {
    const res = await patch('conversation-1', { status: 'archived' });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toEqual(['status']);
    expect((await client(sim).get('/tasks/conversation-1')).body.status).toBe('open');
  });

  it('an unknown or deactivated assignee is 400 naming assigned_to', async () => {
    expect((await patch('conversation-1', { assigned_to: 999 })).body.issues[0].path).toEqual(['assigned_to']);
    expect((await patch('conversation-1', { assigned_to: SEED.members.deactivated })).status).toBe(400);
  });

  it('an unknown property is 400 with an issue naming it', async () => {
    const res = await patch('conversation-1', { status: 'done', priority: 'high' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: ['priority'], message: expect.stringContaining('priority') }]);
  });

  it('a body with neither status nor assigned_to is 400', async () => {
    expect((await patch('conversation-1', {})).status).toBe(400);
    expect((await patch('conversation-1', { expected_status: 'open' })).status).toBe(400);
  });

  it('wrong types are 400 with one issue per input', async () => {
    const res = await patch('conversation-1', { status: 3, assigned_to: 'sam' });
    expect(res.body.issues.map((i: { path: string[] }) => i.path[0]).sort()).toEqual(['assigned_to', 'status']);
  });

  it('expected_status that no longer matches is 409 conflict and nothing changes', async () => {
    await patch('conversation-1', { status: 'in_progress' }, sim.keys.admin);
    const res = await patch('conversation-1', { status: 'waiting', expected_status: 'open' });
    expect(res.status).toBe(409);
    expect(ApiErrorBodySchema.parse(res.body).code).toBe('conflict');
    expect((await client(sim).get('/tasks/conversation-1')).body.status).toBe('in_progress');
  });

  it('expected_assigned_to that no longer matches is 409; a matching one passes', async () => {
    expect((await patch('conversation-2', { assigned_to: 1, expected_assigned_to: null })).status).toBe(409);
    expect((await patch('conversation-2', { assigned_to: 1, expected_assigned_to: SEED.members.manager })).status).toBe(200);
    expect((await patch('conversation-1', { status: 'waiting', expected_status: 'open', expected_assigned_to: null })).status).toBe(200);
  });

  it('done without a note, when the team requires one, is 422 and nothing changes', async () => {
    const res = await patch('conversation-1', { status: 'done', assigned_to: 2 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: NOTE_REQUIRED_MESSAGE, code: 'unprocessable' });
    const task = (await client(sim).get('/tasks/conversation-1')).body;
    expect([task.status, task.assignee]).toEqual(['open', null]);
  });

  it('done after a note is added (note first, status afterwards) succeeds', async () => {
    expect((await client(sim).post('/tasks/conversation-1/notes', { content: 'Rebooked for Tuesday.' })).status).toBe(201);
    expect((await patch('conversation-1', { status: 'done' })).body.status).toBe('done');
  });

  it('done without a note is allowed when the team does not require one', async () => {
    await control(sim).send('PATCH', '/team', { requires_note_before_done: false });
    expect((await patch('conversation-1', { status: 'done' })).status).toBe(200);
  });

  it('a task the creator cannot see, or a merged one, is 404', async () => {
    expect((await patch('conversation-7', { status: 'done' }, sim.keys.user)).status).toBe(404);
    expect((await patch('conversation-8', { status: 'done' })).body.error).toContain('conversation-1');
  });

  it('malformed JSON and a bad task id are reported together', async () => {
    const res = await client(sim).patch('/tasks/nope', '{status:');
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string[] }) => i.path.join('.')).sort()).toEqual(['', 'task_id']);
  });
});
