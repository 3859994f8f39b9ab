// html-to-text ships no types (and @types/html-to-text lags behind); the one
// function and the options this module passes, as documented in its README.
declare module 'html-to-text' {
  export interface HtmlToTextSelector {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  }
  export interface HtmlToTextBuilder {
    addInline(text: string, options?: Record<string, unknown>): void;
    addLiteral(text: string): void;
  }
  export type HtmlToTextFormatter = (
    element: unknown,
    walk: (nodes: unknown, builder: HtmlToTextBuilder) => void,
    builder: HtmlToTextBuilder,
    options: Record<string, unknown>,
  ) => void;
  export interface HtmlToTextOptions {
    wordwrap?: number | false | null;
    decodeEntities?: boolean;
    preserveNewlines?: boolean;
    limits?: {
      ellipsis?: string;
      maxBaseElements?: number;
      maxChildNodes?: number;
      maxDepth?: number;
      maxInputLength?: number;
    };
    selectors?: HtmlToTextSelector[];
    formatters?: Record<string, HtmlToTextFormatter>;
  }
  export function convert(html: string, options?: HtmlToTextOptions): string;
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
}
