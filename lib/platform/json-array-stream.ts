import { Tokenizer, TokenParser, TokenType } from "@streamparser/json";

/**
 * Reads a JSON array from a byte stream element by element, so a large export never exists as
 * one string nor as one parsed array: each element is handed to `onElement` as soon as its last
 * byte arrives, and dropped by the parser (keepStack: false). Chunks may split anywhere, inside a
 * string, an escape or a multi-byte character (the tokenizer keeps the partial token).
 *
 * Shapes: a bare array (the published one), or an object wrapping the array under "data" or
 * "results" (the shape some gateways and older integrations give). Other members of a wrapper
 * object are parsed and dropped.
 */

export type ArrayShape = "array" | "data" | "results";

/** Why the bytes were not an array of one of the shapes. */
export class JsonArrayStreamError extends Error {
  constructor(
    message: string,
    /** "incomplete": the bytes stopped or went wrong mid-JSON (a body cut in transit); "shape": complete JSON of another shape. */
    readonly kind: "incomplete" | "shape",
  ) {
    super(message);
    this.name = "JsonArrayStreamError";
  }
}

const WRAPPER_KEYS = new Set(["data", "results"]);

export class JsonArrayStream {
  #tokenizer = new Tokenizer();
  #parser: TokenParser | undefined;
  #root: "array" | "object" | "other" | undefined;
  #shape: ArrayShape | undefined;
  #depth = 0;
  // In the wrapper object at depth 1: whether the next string is a key, the last key, and
  // whether the next token starts that key's value.
  #expectKey = false;
  #key: string | undefined;
  #afterColon = false;
  #elements = 0;
  #failure: Error | undefined;

  constructor(onElement: (value: unknown) => void) {
    this.#tokenizer.onToken = (info) => {
      if (this.#root === undefined) this.#begin(info.token, onElement);
      else this.#watchWrapper(info.token, info.value);
      if (info.token === TokenType.LEFT_BRACE || info.token === TokenType.LEFT_BRACKET) this.#depth++;
      else if (info.token === TokenType.RIGHT_BRACE || info.token === TokenType.RIGHT_BRACKET) this.#depth--;
      this.#parser!.write(info);
    };
    // Without these the library throws from inside write(); kept and rethrown as ours.
    this.#tokenizer.onError = (error) => {
      this.#failure ??= error;
    };
  }

  /** The shape found so far (known once the array has started). */
  get shape(): ArrayShape | undefined {
    return this.#shape;
  }

  /** Whether any JSON has come (false: the bytes so far are empty or whitespace). */
  get started(): boolean {
    return this.#root !== undefined;
  }

  /** Elements handed over so far. */
  get elements(): number {
    return this.#elements;
  }

  /** Feeds the next bytes. Throws JsonArrayStreamError("incomplete") on JSON that cannot go on. */
  write(chunk: Uint8Array): void {
    if (this.#failure) throw this.#incomplete();
    try {
      this.#tokenizer.write(chunk);
    } catch (error) {
      this.#failure ??= error as Error;
    }
    if (this.#failure) throw this.#incomplete();
  }

  /** The bytes have ended: returns the shape, or throws why this was not a whole array of one. */
  end(): ArrayShape {
    if (this.#failure) throw this.#incomplete();
    if (!this.#tokenizer.isEnded) {
      // A bare number at the root ends only now; anything else unfinished was cut short.
      try {
        this.#tokenizer.end();
      } catch (error) {
        this.#failure ??= error as Error;
      }
    }
    if (this.#failure || !this.#parser?.isEnded) throw this.#incomplete();
    if (this.#root !== "array" && this.#shape === undefined) {
      throw new JsonArrayStreamError(
        this.#root === "object"
          ? 'an object without a "data" or "results" array, where an array was expected'
          : "a JSON value that is not an array, where an array was expected",
        "shape",
      );
    }
    return this.#shape ?? "array";
  }

  #incomplete(): JsonArrayStreamError {
    return new JsonArrayStreamError(
      `the JSON is not complete (${this.#failure?.message ?? "it stopped before its end"})`,
      "incomplete",
    );
  }

  /** The first token says which shape this is, and so which elements the parser emits. */
  #begin(token: TokenType, onElement: (value: unknown) => void): void {
    this.#root =
      token === TokenType.LEFT_BRACKET ? "array" : token === TokenType.LEFT_BRACE ? "object" : "other";
    if (this.#root === "array") this.#shape = "array";
    this.#expectKey = this.#root === "object";
    const paths =
      this.#root === "array" ? ["$.*"] : this.#root === "object" ? ["$.data.*", "$.results.*"] : ["$"];
    this.#parser = new TokenParser({ paths, keepStack: false });
    this.#parser.onValue = ({ value, parent, stack }) => {
      // Only elements of the array itself: not a root scalar, not the members of a "data" object.
      if (!Array.isArray(parent)) return;
      if (this.#root === "object" && (this.#shape === undefined || stack[1]?.key !== this.#shape)) return;
      this.#elements++;
      onElement(value);
    };
    this.#parser.onError = (error) => {
      this.#failure ??= error;
    };
  }

  /** Notes a "data" or "results" member of the root object whose value is an array. */
  #watchWrapper(token: TokenType, value: unknown): void {
    if (this.#root !== "object" || this.#depth !== 1) return;
    if (this.#expectKey && token === TokenType.STRING) {
      this.#key = value as string;
      this.#expectKey = false;
    } else if (token === TokenType.COLON) {
      this.#afterColon = true;
    } else if (this.#afterColon) {
      this.#afterColon = false;
      if (this.#key !== undefined && WRAPPER_KEYS.has(this.#key) && token === TokenType.LEFT_BRACKET)
        this.#shape ??= this.#key as ArrayShape;
    } else if (token === TokenType.COMMA) {
      this.#expectKey = true;
    }
  }
}
