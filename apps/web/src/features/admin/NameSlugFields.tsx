import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { slugify } from '@financeiro/core';
import { adminMessages } from '../../i18n/admin';

/** A name and its identifier, suggested from the name until the person edits the identifier themselves. */
export function NameSlugFields<T extends { name: string; slug: string }>(props: {
  form: UseFormReturnType<T>;
  nameLabel: string;
  editing: boolean;
}) {
  const { form } = props;
  const [slugTouched, setSlugTouched] = useState(props.editing);
  return (
    <>
      <TextInput
        label={props.nameLabel}
        data-autofocus
        {...form.getInputProps('name')}
        onChange={(e) => {
          const name = e.currentTarget.value;
          form.setValues((slugTouched ? { name } : { name, slug: slugify(name) }) as Partial<T>);
        }}
      />
      <TextInput
        label={adminMessages.slug}
        description={adminMessages.slugHelp}
        {...form.getInputProps('slug')}
        onChange={(e) => {
          setSlugTouched(true);
          form.setValues({ slug: e.currentTarget.value } as Partial<T>);
        }}
      />
    </>
  );
}
