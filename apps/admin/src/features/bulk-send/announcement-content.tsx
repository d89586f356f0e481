import { Input, Label, Textarea } from '@repo/ui';

export interface AnnouncementContentValue {
  subject: string;
  heading: string;
  body: string;
}

export const EMPTY_CONTENT: AnnouncementContentValue = { subject: '', heading: '', body: '' };

/** Only the fields that were filled in, or undefined when none was. */
export function withoutBlanks(
  content: AnnouncementContentValue,
): Partial<AnnouncementContentValue> | undefined {
  const filled = Object.fromEntries(
    Object.entries(content).filter(([, value]) => value.trim() !== ''),
  ) as Partial<AnnouncementContentValue>;
  return Object.keys(filled).length > 0 ? filled : undefined;
}

/** The wording of an announcement; blank fields keep the template's default text. */
export function AnnouncementContent({
  value,
  onChange,
}: {
  value: AnnouncementContentValue;
  onChange: (value: AnnouncementContentValue) => void;
}) {
  const set = (field: keyof AnnouncementContentValue) => (text: string) =>
    onChange({ ...value, [field]: text });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Announcement</legend>
      <p className="text-sm text-muted-foreground">
        Leave a field blank to keep the template&rsquo;s default wording.
      </p>
      <div className="grid gap-2">
        <Label htmlFor="announcement-subject">Subject</Label>
        <Input
          id="announcement-subject"
          maxLength={200}
          value={value.subject}
          onChange={(event) => set('subject')(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="announcement-heading">Heading</Label>
        <Input
          id="announcement-heading"
          maxLength={200}
          value={value.heading}
          onChange={(event) => set('heading')(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="announcement-body">Message</Label>
        <Textarea
          id="announcement-body"
          maxLength={10_000}
          rows={5}
          placeholder="Paragraphs are separated by a blank line."
          value={value.body}
          onChange={(event) => set('body')(event.target.value)}
        />
      </div>
    </fieldset>
  );
}
