/**
 * TinyMCE, self-hosted: the editor, its theme, icons, skins and plugins are bundled from the npm
 * package (the skins register themselves as resources), so nothing is fetched from a CDN or from
 * extra static routes, which also makes it work inside a Module Federation remote. Loaded only
 * through rich-text-editor.tsx's lazy import, so TinyMCE stays out of every start-up bundle.
 */
import 'tinymce/tinymce.min.js';
import 'tinymce/models/dom/model.min.js';
import 'tinymce/themes/silver/theme.min.js';
import 'tinymce/icons/default/icons.min.js';
import 'tinymce/skins/ui/oxide/skin.js';
import 'tinymce/skins/ui/oxide/content.js';
import 'tinymce/skins/content/default/content.js';
import 'tinymce/plugins/advlist/plugin.min.js';
import 'tinymce/plugins/autolink/plugin.min.js';
import 'tinymce/plugins/charmap/plugin.min.js';
import 'tinymce/plugins/code/plugin.min.js';
import 'tinymce/plugins/fullscreen/plugin.min.js';
import 'tinymce/plugins/image/plugin.min.js';
import 'tinymce/plugins/link/plugin.min.js';
import 'tinymce/plugins/lists/plugin.min.js';
import 'tinymce/plugins/preview/plugin.min.js';
import 'tinymce/plugins/searchreplace/plugin.min.js';
import 'tinymce/plugins/table/plugin.min.js';
import 'tinymce/plugins/wordcount/plugin.min.js';
// Chinese menus and dialogs (community language pack for TinyMCE 8, bundled like the rest).
import 'tinymce-i18n/langs8/zh-CN.js';
import { useState } from 'react';
import { Alert } from 'antd';
import { Editor } from '@tinymce/tinymce-react';
import { EDITOR_DEFAULT_HEIGHT } from '@portal/shared-core';
import type { RichTextEditorProps } from './rich-text-editor';

const PLUGINS = ['advlist', 'autolink', 'charmap', 'code', 'fullscreen', 'image', 'link', 'lists', 'preview', 'searchreplace', 'table', 'wordcount'];
const TOOLBAR =
  'undo redo | blocks fontsize | bold italic underline strikethrough forecolor backcolor | ' +
  'alignleft aligncenter alignright alignjustify | bullist numlist outdent indent | link image table | removeformat code fullscreen';
/** Font sizes 11 to 48 px (spec §9). */
export const EDITOR_FONT_SIZES = '11px 12px 14px 16px 18px 20px 24px 28px 32px 36px 40px 48px';

export default function TinymceEditor({ value, onChange, height = EDITOR_DEFAULT_HEIGHT, disabled, placeholder }: RichTextEditorProps) {
  const [loadError, setLoadError] = useState<string | null>(null);
  if (loadError) return <Alert type="error" showIcon title={loadError} />;
  return (
    <Editor
      // The bundled `tinymce` global is used; an empty source list forbids any fallback download.
      tinymceScriptSrc={[]}
      licenseKey="gpl"
      value={value ?? ''}
      disabled={disabled}
      onEditorChange={(html) => onChange?.(html)}
      onScriptsLoadError={(error: unknown) => setLoadError(error instanceof Error ? error.message : String(error))}
      init={{
        height,
        menubar: false,
        branding: false,
        promotion: false,
        placeholder,
        plugins: PLUGINS,
        toolbar: TOOLBAR,
        font_size_formats: EDITOR_FONT_SIZES,
        skin: 'oxide',
        content_css: 'default',
        language: 'zh-CN',
      }}
    />
  );
}
