import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_AD_SECONDS } from '../../../../contract/constants';
import {
  type AdminTask,
  createTaskBody,
  REPEAT_INTERVALS,
  TASK_PLATFORMS,
  TASK_TYPES,
} from '../../../../contract/tasks';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useCreateTask } from '../api/create-task';
import { useUpdateTask } from '../api/update-task';

type Values = z.input<typeof createTaskBody>;
type Valid = z.output<typeof createTaskBody>;

const words = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ');
/** Blank means none. */
const orNull = (value: string | null) => value?.trim() || null;

function defaults(task?: AdminTask): Values {
  if (task) {
    const { _id: _ignored, ...shape } = task;
    return shape;
  }
  return {
    type: 'twitter_follow',
    platform: 'twitter',
    title: '',
    description: '',
    entriesReward: 5,
    isRepeatable: false,
    repeatInterval: null,
    verificationData: { accountToFollow: null, postUrl: null, adDuration: DEFAULT_AD_SECONDS },
    active: true,
    sortOrder: 0,
  };
}

/** Creates or edits a task in the Task shape; every field is checked with the API's own rules before it is sent. */
export function TaskForm({ task, onDone }: { task?: AdminTask; onDone(): void }) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const { register, handleSubmit, formState } = useForm<Values, unknown, Valid>({
    resolver: zodResolver(createTaskBody),
    defaultValues: defaults(task),
  });
  const errors = formState.errors;
  const submit = handleSubmit(
    submitWithToast(
      (body: Valid) => (task ? update.mutateAsync({ id: task._id, body }) : create.mutateAsync(body)),
      { success: task ? 'Task saved' : 'Task created', error: 'Failed to save the task' },
      onDone,
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Type" error={errors.type?.message} {...register('type')}>
          {TASK_TYPES.map((t) => (
            <option key={t} value={t}>
              {words(t)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Platform" error={errors.platform?.message} {...register('platform')}>
          {TASK_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {words(p)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Reward (entries)"
          type="number"
          min="1"
          error={errors.entriesReward?.message}
          {...register('entriesReward', { valueAsNumber: true })}
        />
        <TextField
          label="Account to follow"
          placeholder="@account"
          error={errors.verificationData?.accountToFollow?.message}
          {...register('verificationData.accountToFollow', { setValueAs: orNull })}
        />
        <TextField
          label="Post link (https)"
          type="url"
          error={errors.verificationData?.postUrl?.message}
          {...register('verificationData.postUrl', { setValueAs: orNull })}
        />
        <TextField
          label="Video length (seconds)"
          type="number"
          min="5"
          error={errors.verificationData?.adDuration?.message}
          {...register('verificationData.adDuration', { valueAsNumber: true })}
        />
        <SelectField
          label="Repeat"
          error={errors.repeatInterval?.message}
          {...register('repeatInterval', { setValueAs: orNull })}
        >
          <option value="">Never</option>
          {REPEAT_INTERVALS.map((r) => (
            <option key={r} value={r}>
              {words(r)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Position in the list"
          type="number"
          min="0"
          error={errors.sortOrder?.message}
          {...register('sortOrder', { valueAsNumber: true })}
        />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <CheckboxField label="Can be done again" {...register('isRepeatable')} />
        <CheckboxField label="Shown on the Tasks page" {...register('active')} />
      </div>
      <FormActions
        saveLabel={task ? 'Save task' : 'Create task'}
        busy={formState.isSubmitting}
        onClose={onDone}
      />
    </form>
  );
}
