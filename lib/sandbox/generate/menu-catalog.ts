import type { MenuItem } from "@/lib/platform/schemas";

/** The kitchen line an item is cooked on; each maps to one prep station. */
export const FOOD_KINDS = ["grill", "fry", "saute", "cold", "pizza", "bar", "pastry"] as const;
export type FoodKind = (typeof FOOD_KINDS)[number];

/**
 * A family of dishes a top-level menu group is filled from. Item names are base x style
 * (x size when a large menu needs more), so Harbor's 5000 items read like a menu, not "Item 4711".
 */
export interface DishFamily {
  kind: FoodKind;
  /** SKU / externalId prefix. */
  code: string;
  bases: readonly string[];
  styles: readonly string[];
  /** "Bourbon Old Fashioned" (style first, the default) or "Rigatoni Bolognese" (base first). */
  baseFirst?: boolean;
  sizes: readonly string[];
  calories: readonly [number, number];
  /** Modifier groups set on the top-level group and inherited down to its items. */
  groupOptions: readonly ModifierGroupKey[];
  /** Modifier groups some items carry themselves, on top of what they inherit. */
  itemOptions: readonly ModifierGroupKey[];
}

const FOOD_SIZES = ["Half", "Large", "Family Style", "Shareable", "Kids"] as const;
const DRINK_SIZES = ["Glass", "Bottle", "Carafe", "Pitcher", "Double"] as const;

export const DISH_FAMILIES = {
  burgers: {
    kind: "grill",
    code: "BRG",
    bases: ["Burger", "Cheeseburger", "Smash Burger", "Turkey Burger", "Veggie Burger", "Lamb Burger", "Bison Burger", "Chicken Sandwich", "Steak Sandwich", "Patty Melt", "Portobello Sandwich", "Salmon Burger"],
    styles: ["Classic", "Harbor", "Bacon", "Mushroom Swiss", "BBQ", "Jalapeño", "Blue Cheese", "Avocado", "Truffle", "Smokehouse", "California", "Double"],
    sizes: FOOD_SIZES,
    calories: [520, 1450],
    groupOptions: ["burgerTemp"],
    itemOptions: ["side", "burgerBuild", "special"],
  },
  steaks: {
    kind: "grill",
    code: "STK",
    bases: ["Ribeye", "NY Strip", "Filet Mignon", "Skirt Steak", "Hanger Steak", "Flat Iron", "Pork Chop", "Lamb Chops", "Half Chicken", "Short Rib", "Porterhouse", "Veal Chop"],
    styles: ["Grilled", "Chargrilled", "Peppercorn", "Chimichurri", "Herb-Crusted", "Garlic Butter", "Bourbon-Glazed", "Smoked", "Blackened", "Cajun", "Au Poivre", "Coffee-Rubbed"],
    sizes: ["8 oz", "12 oz", "16 oz", "Bone-In", "For Two"],
    calories: [480, 1600],
    groupOptions: ["steakTemp"],
    itemOptions: ["side", "steakSauce", "special"],
  },
  tacos: {
    kind: "grill",
    code: "TAC",
    bases: ["Taco", "Burrito", "Quesadilla", "Torta", "Enchiladas", "Fajitas", "Tostada", "Bowl", "Sope", "Chimichanga", "Flautas", "Gordita"],
    styles: ["Carne Asada", "Al Pastor", "Carnitas", "Pollo Asado", "Barbacoa", "Chorizo", "Baja Fish", "Shrimp", "Veggie", "Birria", "Chicken Tinga", "Lengua"],
    sizes: ["Plate", "Combo", "Family Pack", "Street-Style", "Kids"],
    calories: [380, 1280],
    groupOptions: ["salsa"],
    itemOptions: ["tortilla", "special"],
  },
  breakfast: {
    kind: "grill",
    code: "BRK",
    bases: ["Pancakes", "Waffles", "French Toast", "Omelet", "Eggs Benedict", "Breakfast Skillet", "Hash", "Breakfast Burrito", "Scramble", "Biscuits & Gravy", "Steak & Eggs", "Breakfast Sandwich"],
    styles: ["Buttermilk", "Blueberry", "Denver", "Western", "Veggie", "Country", "Corned Beef", "Florentine", "Lumberjack", "Farmhouse", "Southern", "Classic"],
    sizes: ["Short Stack", "Full Stack", "Kids", "Platter", "Combo"],
    calories: [420, 1350],
    groupOptions: ["eggStyle"],
    itemOptions: ["toast", "special"],
  },
  seafood: {
    kind: "saute",
    code: "SEA",
    bases: ["Scallops", "Salmon", "Halibut", "Swordfish", "Cod", "Shrimp", "Mussels", "Lobster", "Clams", "Branzino", "Trout", "Sole"],
    styles: ["Pan-Seared", "Lemon Butter", "Garlic", "Miso-Glazed", "Piccata", "Provençal", "Sesame-Crusted", "Cajun", "Herb-Roasted", "Scampi", "Fra Diavolo", "Almondine"],
    sizes: FOOD_SIZES,
    calories: [360, 980],
    groupOptions: [],
    itemOptions: ["side", "special"],
  },
  pasta: {
    kind: "saute",
    code: "PAS",
    bases: ["Linguine", "Rigatoni", "Penne", "Fettuccine", "Gnocchi", "Risotto", "Pappardelle", "Orecchiette", "Spaghetti", "Tagliatelle", "Ravioli", "Mac & Cheese"],
    styles: ["Bolognese", "Carbonara", "Pesto", "Alfredo", "alla Vodka", "Primavera", "Wild Mushroom", "Clam Sauce", "Cacio e Pepe", "Arrabbiata", "Lobster", "Short Rib"],
    baseFirst: true,
    sizes: FOOD_SIZES,
    calories: [640, 1420],
    groupOptions: ["addProtein"],
    itemOptions: ["portion", "special"],
  },
  noodles: {
    kind: "saute",
    code: "NDL",
    bases: ["Ramen", "Pho", "Pad Thai", "Lo Mein", "Udon", "Dan Dan Noodles", "Chow Fun", "Soba", "Drunken Noodles", "Japchae", "Laksa", "Yakisoba"],
    styles: ["Tonkotsu", "Shoyu", "Miso", "Spicy", "Chicken", "Beef", "Shrimp", "Tofu", "Vegetable", "Garlic", "Curry", "Sesame"],
    sizes: ["Small", "Large", "Family Style", "Lunch", "Kids"],
    calories: [520, 1180],
    groupOptions: ["spiceLevel"],
    itemOptions: ["addProtein", "noodleSwap", "portion", "special"],
  },
  fried: {
    kind: "fry",
    code: "FRY",
    bases: ["Fries", "Onion Rings", "Calamari", "Chicken Tenders", "Wings", "Mozzarella Sticks", "Sweet Potato Fries", "Clam Strips", "Tater Tots", "Fried Pickles", "Coconut Shrimp", "Fish & Chips"],
    styles: ["Crispy", "Buffalo", "Beer-Battered", "Truffle", "Old Bay", "Spicy", "Parmesan", "Cajun", "Loaded", "Garlic", "Lemon Pepper", "Honey Hot"],
    sizes: FOOD_SIZES,
    calories: [310, 1240],
    groupOptions: ["dip"],
    itemOptions: ["special"],
  },
  antojitos: {
    kind: "fry",
    code: "ANT",
    bases: ["Chips & Salsa", "Chips & Guacamole", "Nachos", "Taquitos", "Empanadas", "Chicharrones", "Papas Fritas", "Jalapeño Poppers", "Flautitas", "Tostones", "Croquetas", "Churro Bites"],
    styles: ["Classic", "Loaded", "Spicy", "Street-Style", "Chipotle", "Verde", "Roja", "Cotija", "Smoky", "Lime", "Ancho", "Habanero"],
    sizes: FOOD_SIZES,
    calories: [280, 1100],
    groupOptions: ["salsa"],
    itemOptions: ["special"],
  },
  dumplings: {
    kind: "fry",
    code: "DMP",
    bases: ["Gyoza", "Spring Rolls", "Karaage", "Shrimp Tempura", "Pork Bao", "Crab Rangoon", "Wontons", "Takoyaki", "Egg Rolls", "Scallion Pancake", "Crispy Tofu", "Fried Chicken"],
    styles: ["Pork", "Chicken", "Vegetable", "Spicy", "Shrimp", "Crispy", "Sesame", "Chili Garlic", "Ginger", "Teriyaki", "Sweet & Sour", "Kimchi"],
    sizes: ["4 Piece", "8 Piece", "12 Piece", "Party Tray", "Kids"],
    calories: [240, 880],
    groupOptions: ["dip"],
    itemOptions: ["special"],
  },
  salads: {
    kind: "cold",
    code: "SAL",
    bases: ["Caesar Salad", "Wedge Salad", "Cobb Salad", "Greek Salad", "Garden Salad", "Kale Salad", "Beet Salad", "Spinach Salad", "Caprese Salad", "Grain Bowl", "Niçoise Salad", "Chopped Salad"],
    styles: ["Classic", "Grilled Chicken", "Shrimp", "Salmon", "Steak", "Harvest", "Mediterranean", "Southwest", "Lemon Herb", "Seasonal", "Farmhouse", "Tofu"],
    sizes: FOOD_SIZES,
    calories: [90, 860],
    groupOptions: ["dressing"],
    itemOptions: ["addProtein", "portion", "special"],
  },
  rawBar: {
    kind: "cold",
    code: "RAW",
    bases: ["Oysters", "Shrimp Cocktail", "Tuna Tartare", "Ceviche", "Crudo", "Littlenecks", "Lobster Cocktail", "Crab Claws", "Poke", "Salmon Tartare", "Seafood Tower", "Peel & Eat Shrimp"],
    styles: ["Local", "Island Creek", "Wellfleet", "Classic", "Spicy", "Yuzu", "Citrus", "Chilled", "Mignonette", "Chef's", "Market", "Royal"],
    sizes: ["Half Dozen", "Dozen", "Per Pound", "Tower", "Tasting"],
    calories: [90, 640],
    groupOptions: [],
    itemOptions: ["rawSauce"],
  },
  coldAsian: {
    kind: "cold",
    code: "CLD",
    bases: ["Seaweed Salad", "Cucumber Salad", "Poke Bowl", "Cold Soba", "Edamame", "Sashimi", "Summer Rolls", "Tuna Tataki", "Kimchi", "Tofu Salad", "Papaya Salad", "Sunomono"],
    styles: ["Classic", "Spicy", "Sesame", "Yuzu", "Ponzu", "Chili", "Garlic", "Ginger", "Miso", "Citrus", "Shiso", "Wasabi"],
    sizes: ["Small", "Large", "Shareable", "Lunch", "Bento"],
    calories: [0, 620],
    groupOptions: [],
    itemOptions: ["special"],
  },
  pizzas: {
    kind: "pizza",
    code: "PZA",
    bases: ["Margherita", "Pepperoni", "Sausage & Peppers", "Four Cheese", "Veggie", "White", "Hawaiian", "BBQ Chicken", "Meat Lovers", "Buffalo Chicken", "Mushroom & Truffle", "Clam"],
    styles: ["Neapolitan", "Sicilian", "Thin Crust", "Deep Dish", "Grandma", "Wood-Fired", "Detroit", "New York", "Gluten-Free", "Roman", "Hand-Tossed", "Stuffed Crust"],
    sizes: ['10"', '14"', '18"', "Slice", "Calzone"],
    calories: [680, 2900],
    groupOptions: ["toppings"],
    itemOptions: ["pizzaPortion", "crust", "special"],
  },
  cocktails: {
    kind: "bar",
    code: "CKT",
    bases: ["Margarita", "Old Fashioned", "Negroni", "Mojito", "Martini", "Manhattan", "Daiquiri", "Paloma", "Spritz", "Mule", "Sour", "Collins"],
    styles: ["House", "Classic", "Spicy", "Smoked", "Frozen", "Top-Shelf", "Mezcal", "Bourbon", "Rye", "Gin", "Tequila", "Rum"],
    sizes: DRINK_SIZES,
    calories: [120, 420],
    groupOptions: ["ice"],
    itemOptions: ["spiritUpgrade"],
  },
  beerWine: {
    kind: "bar",
    code: "BWN",
    bases: ["IPA", "Lager", "Stout", "Pilsner", "Pale Ale", "Sour Ale", "Cabernet", "Pinot Noir", "Chardonnay", "Sauvignon Blanc", "Rosé", "Prosecco"],
    styles: ["Local", "Draft", "Imported", "Reserve", "House", "Seasonal", "Craft", "Organic", "Estate", "Vintage", "Session", "Barrel-Aged"],
    sizes: DRINK_SIZES,
    calories: [95, 330],
    groupOptions: [],
    itemOptions: [],
  },
  softDrinks: {
    kind: "bar",
    code: "NAB",
    bases: ["Lemonade", "Iced Tea", "Cold Brew", "Espresso", "Cappuccino", "Soda", "Sparkling Water", "Kombucha", "Hot Chocolate", "Smoothie", "Juice", "Milkshake"],
    styles: ["House", "Fresh", "Strawberry", "Peach", "Mint", "Vanilla", "Ginger", "Hibiscus", "Mango", "Lavender", "Honey", "Classic"],
    sizes: ["Small", "Large", "Refill", "Pitcher", "Kids"],
    calories: [0, 540],
    groupOptions: [],
    itemOptions: ["milk"],
  },
  desserts: {
    kind: "pastry",
    code: "DST",
    bases: ["Cheesecake", "Brownie Sundae", "Tiramisu", "Key Lime Pie", "Crème Brûlée", "Apple Crisp", "Chocolate Cake", "Panna Cotta", "Cannoli", "Churros", "Bread Pudding", "Gelato"],
    styles: ["Classic", "Salted Caramel", "Chocolate", "Seasonal", "Vanilla Bean", "Espresso", "Berry", "Lemon", "Pistachio", "Peanut Butter", "Coconut", "Maple"],
    sizes: ["Slice", "Whole", "Shareable", "Mini", "Kids"],
    calories: [260, 1150],
    groupOptions: [],
    itemOptions: ["alaMode"],
  },
} as const satisfies Record<string, DishFamily>;
export type DishFamilyKey = keyof typeof DISH_FAMILIES;

/** Zero-calorie drinks: the contract says calories may be zero, and these are. */
export const ZERO_CALORIE_BASES: ReadonlySet<string> = new Set(["Sparkling Water", "Espresso", "Iced Tea", "Soda"]);

export interface ModifierSpec {
  name: string;
  calories: number | null;
  type?: NonNullable<MenuItem["type"]>;
}

export interface ModifierGroupSpec {
  name: string;
  min: number;
  max: number;
  options: readonly ModifierSpec[];
}

const TEMPS: readonly ModifierSpec[] = ["Rare", "Medium Rare", "Medium", "Medium Well", "Well Done"].map((name) => ({ name, calories: 0 }));

/** Modifier groups; their options are menu items too (served in /menuItems, never sold alone). */
export const MODIFIER_GROUPS = {
  steakTemp: { name: "Steak Temperature", min: 1, max: 1, options: TEMPS },
  burgerTemp: { name: "Burger Temperature", min: 1, max: 1, options: TEMPS.slice(1) },
  side: {
    name: "Choose a Side",
    min: 0,
    max: 2,
    options: [
      { name: "French Fries", calories: 380 },
      { name: "Side Salad", calories: 120 },
      { name: "Mashed Potatoes", calories: 290 },
      { name: "Grilled Asparagus", calories: 60 },
      { name: "Onion Rings", calories: 480 },
      { name: "Coleslaw", calories: 190 },
    ],
  },
  burgerBuild: {
    name: "Build Your Burger",
    min: 0,
    max: 6,
    options: [
      { name: "Add Bacon", calories: 140 },
      { name: "Add Avocado", calories: 80 },
      { name: "Add Fried Egg", calories: 90 },
      { name: "No Cheese", calories: -110 },
      { name: "No Bun", calories: -220 },
      { name: "Lettuce Wrap", calories: -190 },
    ],
  },
  steakSauce: {
    name: "Steak Sauce",
    min: 0,
    max: 2,
    options: [
      { name: "Béarnaise", calories: 160 },
      { name: "Chimichurri Sauce", calories: 90 },
      { name: "Peppercorn Sauce", calories: 110 },
      { name: "Horseradish Cream", calories: 70 },
    ],
  },
  addProtein: {
    name: "Add Protein",
    min: 0,
    max: 2,
    options: [
      { name: "Add Grilled Chicken", calories: 210 },
      { name: "Add Shrimp", calories: 140 },
      { name: "Add Salmon", calories: 280 },
      { name: "Add Steak", calories: 300 },
      { name: "Add Tofu", calories: 120 },
    ],
  },
  dressing: {
    name: "Dressing",
    min: 1,
    max: 1,
    options: [
      { name: "Ranch", calories: 140 },
      { name: "Blue Cheese Dressing", calories: 150 },
      { name: "Caesar Dressing", calories: 160 },
      { name: "Balsamic Vinaigrette", calories: 90 },
      { name: "Oil & Vinegar", calories: 120 },
      { name: "No Dressing", calories: 0 },
    ],
  },
  dip: {
    name: "Dipping Sauce",
    min: 0,
    max: 3,
    options: [
      { name: "Ranch Dip", calories: 140 },
      { name: "Honey Mustard", calories: 110 },
      { name: "Chipotle Aioli", calories: 130 },
      { name: "Marinara", calories: 40 },
      { name: "Sweet Chili", calories: 70 },
    ],
  },
  salsa: {
    name: "Salsa",
    min: 0,
    max: 2,
    options: [
      { name: "Salsa Roja", calories: 15 },
      { name: "Salsa Verde", calories: 15 },
      { name: "Pico de Gallo", calories: 10 },
      { name: "Habanero Salsa", calories: 20 },
      { name: "Side of Guacamole", calories: 120 },
    ],
  },
  tortilla: {
    name: "Tortilla",
    min: 1,
    max: 1,
    options: [
      { name: "Corn Tortilla", calories: 0 },
      { name: "Flour Tortilla", calories: 40 },
      { name: "Lettuce Cup", calories: -90 },
    ],
  },
  eggStyle: {
    name: "Eggs",
    min: 0,
    max: 1,
    options: ["Scrambled", "Over Easy", "Over Medium", "Sunny Side Up", "Poached", "Egg Whites"].map((name) => ({ name, calories: name === "Egg Whites" ? -50 : 0 })),
  },
  toast: {
    name: "Toast",
    min: 0,
    max: 1,
    options: ["White Toast", "Wheat Toast", "Rye Toast", "English Muffin", "Biscuit"].map((name) => ({ name, calories: 150 })),
  },
  spiceLevel: {
    name: "Spice Level",
    min: 1,
    max: 1,
    options: ["Mild", "Medium Heat", "Hot", "Thai Hot"].map((name) => ({ name, calories: 0 })),
  },
  noodleSwap: {
    name: "Noodle Swap",
    min: 0,
    max: 1,
    options: [
      { name: "Zucchini Noodles", calories: -180 },
      { name: "Rice Noodles", calories: 0 },
      { name: "Extra Noodles", calories: 210 },
    ],
  },
  rawSauce: {
    name: "Raw Bar Sauces",
    min: 0,
    max: 3,
    options: [
      { name: "Cocktail Sauce", calories: 30 },
      { name: "Mignonette", calories: 10 },
      { name: "Lemon Wedges", calories: 0 },
    ],
  },
  toppings: {
    name: "Pizza Toppings",
    min: 0,
    max: 8,
    options: [
      { name: "Pepperoni Topping", calories: 130 },
      { name: "Mushrooms", calories: 15 },
      { name: "Onions", calories: 10 },
      { name: "Green Peppers", calories: 10 },
      { name: "Black Olives", calories: 35 },
      { name: "Extra Cheese", calories: 160 },
      { name: "Italian Sausage", calories: 150 },
      { name: "Hold the Cheese", calories: -240 },
    ],
  },
  crust: {
    name: "Crust",
    min: 1,
    max: 1,
    options: [
      { name: "Thin Crust", calories: -80 },
      { name: "Hand-Tossed Crust", calories: 0 },
      { name: "Gluten-Free Crust", calories: -30 },
    ],
  },
  pizzaPortion: {
    name: "Pizza Portions",
    min: 0,
    max: 3,
    options: [
      { name: "Whole Pizza", calories: null, type: "PORTION" },
      { name: "Left Half", calories: null, type: "PORTION" },
      { name: "Right Half", calories: null, type: "PORTION" },
    ],
  },
  portion: {
    name: "Portion Size",
    min: 0,
    max: 1,
    options: [
      { name: "Half Portion", calories: null, type: "PORTION" },
      { name: "Full Portion", calories: null, type: "PORTION" },
    ],
  },
  ice: {
    name: "Ice",
    min: 0,
    max: 1,
    options: ["Up", "On the Rocks", "Neat", "Light Ice"].map((name) => ({ name, calories: 0 })),
  },
  spiritUpgrade: {
    name: "Spirit Upgrade",
    min: 0,
    max: 1,
    options: [
      { name: "Premium Spirit", calories: 0 },
      { name: "Top-Shelf Spirit", calories: 0 },
      { name: "Make It a Double", calories: 100 },
    ],
  },
  milk: {
    name: "Milk",
    min: 0,
    max: 1,
    options: [
      { name: "Whole Milk", calories: 60 },
      { name: "Oat Milk", calories: 50 },
      { name: "Almond Milk", calories: 20 },
      { name: "Skim Milk", calories: 30 },
    ],
  },
  alaMode: {
    name: "À la Mode",
    min: 0,
    max: 1,
    options: [
      { name: "Vanilla Ice Cream", calories: 140 },
      { name: "Whipped Cream", calories: 50 },
    ],
  },
  special: {
    name: "Special Instructions",
    min: 0,
    max: 1,
    options: [
      { name: "Special Request", calories: null, type: "SPECIAL_REQUEST" },
      { name: "Allergy Alert", calories: null, type: "SPECIAL_REQUEST" },
    ],
  },
} as const satisfies Record<string, ModifierGroupSpec>;
export type ModifierGroupKey = keyof typeof MODIFIER_GROUPS;

export const PRE_MODIFIER_GROUPS: readonly {
  name: string;
  isDefault: boolean;
  items: readonly { name: string; scalePrice: boolean; basePrice: number | null; scaleFactor: number | null; displayMode: "PREFIX" | "SUFFIX"; chargeAsExtra: boolean | null }[];
}[] = [
  {
    name: "Standard",
    isDefault: true,
    items: [
      { name: "No", scalePrice: false, basePrice: 0, scaleFactor: null, displayMode: "PREFIX", chargeAsExtra: false },
      { name: "Extra", scalePrice: true, basePrice: null, scaleFactor: 2, displayMode: "PREFIX", chargeAsExtra: true },
      { name: "Light", scalePrice: true, basePrice: null, scaleFactor: 0.5, displayMode: "PREFIX", chargeAsExtra: null },
      { name: "Add", scalePrice: false, basePrice: 1.5, scaleFactor: null, displayMode: "PREFIX", chargeAsExtra: false },
    ],
  },
  {
    name: "Sauce & Dressing",
    isDefault: false,
    items: [
      { name: "On the Side", scalePrice: false, basePrice: 0, scaleFactor: null, displayMode: "SUFFIX", chargeAsExtra: null },
      { name: "Extra on the Side", scalePrice: true, basePrice: null, scaleFactor: 1.5, displayMode: "SUFFIX", chargeAsExtra: true },
    ],
  },
  {
    name: "Kitchen Notes",
    isDefault: false,
    items: [
      { name: "Sub", scalePrice: false, basePrice: 2, scaleFactor: null, displayMode: "PREFIX", chargeAsExtra: false },
      { name: "Allergy", scalePrice: false, basePrice: 0, scaleFactor: null, displayMode: "PREFIX", chargeAsExtra: null },
      { name: "Well Done", scalePrice: false, basePrice: 0, scaleFactor: null, displayMode: "SUFFIX", chargeAsExtra: null },
    ],
  },
];

