// The demo marketplace: people and cars that make a fresh install look alive.
// Prices are in whole dollars here and stored in cents by the seed.
import type { BodyStyle, Scene } from "#app/demo/artwork.server.ts";
import type { PeriodUnit, Quality, YearsUsed } from "#app/models/listing.ts";

export type DemoUser = {
  key: string;
  name: string;
  email: string;
  role: "buyer" | "seller";
  verified?: boolean;
};

export const DEMO_USERS: DemoUser[] = [
  { key: "maya", name: "Maya Thompson", email: "maya.thompson@example.com", role: "seller", verified: true },
  { key: "daniel", name: "Daniel Okafor", email: "daniel.okafor@example.com", role: "seller", verified: true },
  { key: "sofia", name: "Sofia Marquez", email: "sofia.marquez@example.com", role: "seller" },
  { key: "ethan", name: "Ethan Brooks", email: "ethan.brooks@example.com", role: "seller", verified: true },
  { key: "priya", name: "Priya Raman", email: "priya.raman@example.com", role: "seller" },
  { key: "liam", name: "Liam Carter", email: "liam.carter@example.com", role: "buyer" },
  { key: "emma", name: "Emma Nguyen", email: "emma.nguyen@example.com", role: "buyer" },
];

export const DEMO_CATEGORIES: { name: string; body: BodyStyle }[] = [
  { name: "Sedan", body: "sedan" },
  { name: "Off Road", body: "offroad" },
  { name: "Muscle", body: "muscle" },
  { name: "SUV", body: "suv" },
];

export type DemoListing = {
  seller: string;
  category: string;
  title: string;
  make: string;
  model: string;
  year: number;
  yearsUsed: YearsUsed;
  period?: { amount: number; unit: PeriodUnit };
  mileageKm: number;
  fuel: "Petrol" | "Diesel" | "Hybrid" | "Electric";
  transmission: "Automatic" | "Manual";
  colour: string;
  paint: string;
  scenes: [Scene, Scene];
  quality: Quality;
  location: string;
  originalPrice: number;
  resalePrice: number;
  sold?: boolean;
  advertised?: boolean;
  description: string;
};

export const DEMO_LISTINGS: DemoListing[] = [
  {
    seller: "maya", category: "Sedan", title: "Toyota Camry SE 2.5", make: "Toyota", model: "Camry SE", year: 2019,
    yearsUsed: "6", mileageKm: 78_400, fuel: "Petrol", transmission: "Automatic", colour: "Celestial Silver",
    paint: "#9aa4ae", scenes: ["city", "studio"], quality: "Excellent", location: "Austin, TX",
    originalPrice: 26_500, resalePrice: 17_900, advertised: true,
    description: "One-owner Camry with full dealer service history and two new front tyres. Smooth 2.5-litre engine, adaptive cruise control and Apple CarPlay. No accidents; both keys and the original manuals are included.",
  },
  {
    seller: "daniel", category: "Sedan", title: "Honda Accord EX-L", make: "Honda", model: "Accord EX-L", year: 2020,
    yearsUsed: "5", mileageKm: 61_200, fuel: "Petrol", transmission: "Automatic", colour: "Radiant Red",
    paint: "#b3202a", scenes: ["coast", "city"], quality: "Excellent", location: "San Diego, CA",
    originalPrice: 31_000, resalePrice: 22_400, advertised: true,
    description: "Leather interior, heated seats and the 1.5 turbo that returns 33 mpg on the highway. Garage kept, non-smoker, serviced every 5,000 miles. Ready for a new owner today.",
  },
  {
    seller: "sofia", category: "Sedan", title: "BMW 320i Sport Line", make: "BMW", model: "320i", year: 2017,
    yearsUsed: "8", mileageKm: 104_000, fuel: "Petrol", transmission: "Automatic", colour: "Mineral Grey",
    paint: "#4b5563", scenes: ["city", "studio"], quality: "Good", location: "Chicago, IL",
    originalPrice: 36_800, resalePrice: 15_200,
    description: "Sport Line trim with the 8-speed automatic, navigation and parking sensors. Timing chain and brakes done at 95,000 km. Minor stone chips on the bonnet, otherwise very tidy.",
  },
  {
    seller: "ethan", category: "Sedan", title: "Mercedes-Benz C 200", make: "Mercedes-Benz", model: "C 200", year: 2015,
    yearsUsed: "10", mileageKm: 132_500, fuel: "Petrol", transmission: "Automatic", colour: "Obsidian Black",
    paint: "#1f2328", scenes: ["studio", "city"], quality: "Good", location: "Atlanta, GA",
    originalPrice: 41_000, resalePrice: 12_800, sold: true,
    description: "Elegant C-Class with a panoramic roof and a quiet, well-kept cabin. Recent service with new spark plugs and oil. Sold — thank you to the buyer from Savannah.",
  },
  {
    seller: "priya", category: "Sedan", title: "Hyundai Sonata Hybrid", make: "Hyundai", model: "Sonata Hybrid", year: 2026,
    yearsUsed: "less than a year", period: { amount: 7, unit: "months" }, mileageKm: 9_800, fuel: "Hybrid",
    transmission: "Automatic", colour: "Serenity White", paint: "#e9ecef", scenes: ["coast", "studio"],
    quality: "Excellent", location: "Seattle, WA", originalPrice: 33_900, resalePrice: 29_500, advertised: true,
    description: "Practically new Sonata Hybrid with the remainder of the factory warranty. 50 mpg in daily driving, solar roof panel and a digital key. Selling only because of a move abroad.",
  },
  {
    seller: "maya", category: "Sedan", title: "Audi A4 2.0 TFSI quattro", make: "Audi", model: "A4 quattro", year: 2018,
    yearsUsed: "7", mileageKm: 88_900, fuel: "Petrol", transmission: "Automatic", colour: "Navarra Blue",
    paint: "#1e3a8a", scenes: ["city", "coast"], quality: "Excellent", location: "Austin, TX",
    originalPrice: 42_500, resalePrice: 21_300,
    description: "All-wheel-drive A4 with virtual cockpit, Bang & Olufsen audio and a fresh DSG service. Winter tyres on separate rims come with the car.",
  },
  {
    seller: "daniel", category: "Sedan", title: "Volkswagen Passat TDI", make: "Volkswagen", model: "Passat TDI", year: 2014,
    yearsUsed: "more than 10 years", period: { amount: 12, unit: "years" }, mileageKm: 187_000, fuel: "Diesel",
    transmission: "Manual", colour: "Reflex Silver", paint: "#b8bec6", scenes: ["city", "studio"],
    quality: "Not bad", location: "Denver, CO", originalPrice: 27_900, resalePrice: 6_900,
    description: "Honest high-mileage commuter that still returns 45 mpg. Clutch replaced last year, some wear on the driver's seat bolster. Priced to sell.",
  },
  {
    seller: "ethan", category: "Off Road", title: "Jeep Wrangler Rubicon", make: "Jeep", model: "Wrangler Rubicon", year: 2018,
    yearsUsed: "7", mileageKm: 96_300, fuel: "Petrol", transmission: "Automatic", colour: "Firecracker Red",
    paint: "#c62828", scenes: ["desert", "mountain"], quality: "Excellent", location: "Phoenix, AZ",
    originalPrice: 44_000, resalePrice: 31_500, advertised: true,
    description: "Rubicon with front and rear lockers, a 2-inch lift and 35-inch all-terrain tyres. Rock sliders and a winch-ready bumper. Never rusted; underside photos on request.",
  },
  {
    seller: "daniel", category: "Off Road", title: "Toyota Land Cruiser 70", make: "Toyota", model: "Land Cruiser 76", year: 2012,
    yearsUsed: "more than 10 years", period: { amount: 14, unit: "years" }, mileageKm: 241_000, fuel: "Diesel",
    transmission: "Manual", colour: "French Vanilla", paint: "#e8e2cf", scenes: ["desert", "forest"],
    quality: "Good", location: "Denver, CO", originalPrice: 58_000, resalePrice: 38_900, advertised: true,
    description: "The indestructible V8 diesel with a snorkel, dual batteries and a long-range tank. Used for overland trips and always serviced on time. A legend that will outlive us all.",
  },
  {
    seller: "sofia", category: "Off Road", title: "Land Rover Defender 110", make: "Land Rover", model: "Defender 110", year: 2021,
    yearsUsed: "4", mileageKm: 52_700, fuel: "Diesel", transmission: "Automatic", colour: "Pangea Green",
    paint: "#4d5b3c", scenes: ["forest", "mountain"], quality: "Excellent", location: "Portland, OR",
    originalPrice: 68_500, resalePrice: 52_000,
    description: "Defender 110 SE with air suspension, the expedition roof rack and a side-mounted gear carrier. Main dealer serviced; extended warranty until 2027.",
  },
  {
    seller: "priya", category: "Off Road", title: "Suzuki Jimny 1.5 AllGrip", make: "Suzuki", model: "Jimny", year: 2022,
    yearsUsed: "3", mileageKm: 28_900, fuel: "Petrol", transmission: "Manual", colour: "Kinetic Yellow",
    paint: "#e3b505", scenes: ["forest", "mountain"], quality: "Excellent", location: "Boulder, CO",
    originalPrice: 27_000, resalePrice: 24_300, sold: true,
    description: "Tiny, tough and tremendous fun. Low-range transfer case, hill descent control and a roof rack. Sold to a happy camper from Utah.",
  },
  {
    seller: "maya", category: "Off Road", title: "Ford Bronco Badlands", make: "Ford", model: "Bronco Badlands", year: 2023,
    yearsUsed: "2", mileageKm: 24_100, fuel: "Petrol", transmission: "Automatic", colour: "Cactus Gray",
    paint: "#7d8b7f", scenes: ["desert", "mountain"], quality: "Excellent", location: "Albuquerque, NM",
    originalPrice: 52_600, resalePrice: 45_800, advertised: true,
    description: "Badlands with the Sasquatch package, removable doors and the modular front bumper. Trail Turn Assist makes tight switchbacks easy. Barely broken in.",
  },
  {
    seller: "ethan", category: "Off Road", title: "Nissan Patrol Y61", make: "Nissan", model: "Patrol Y61", year: 2010,
    yearsUsed: "more than 10 years", period: { amount: 16, unit: "years" }, mileageKm: 298_000, fuel: "Diesel",
    transmission: "Manual", colour: "Desert Sand", paint: "#c8b18a", scenes: ["desert", "forest"],
    quality: "Not bad", location: "Las Vegas, NV", originalPrice: 46_000, resalePrice: 14_500,
    description: "Proven desert crosser with a rebuilt gearbox, new shocks and a roof-top tent mount. Cosmetic scratches from years of trails, mechanically strong.",
  },
  {
    seller: "daniel", category: "Muscle", title: "Ford Mustang GT 5.0", make: "Ford", model: "Mustang GT", year: 2018,
    yearsUsed: "7", mileageKm: 70_300, fuel: "Petrol", transmission: "Manual", colour: "Race Red",
    paint: "#d0021b", scenes: ["city", "studio"], quality: "Excellent", location: "Dallas, TX",
    originalPrice: 42_000, resalePrice: 29_900, advertised: true,
    description: "Coyote V8 with the six-speed manual, active exhaust and the Performance Pack brakes. Stock engine, never tracked, with the original wheels and a clean title.",
  },
  {
    seller: "sofia", category: "Muscle", title: "Chevrolet Camaro 2SS", make: "Chevrolet", model: "Camaro 2SS", year: 2019,
    yearsUsed: "6", mileageKm: 55_800, fuel: "Petrol", transmission: "Automatic", colour: "Shadow Gray",
    paint: "#3c4046", scenes: ["city", "desert"], quality: "Good", location: "Miami, FL",
    originalPrice: 46_500, resalePrice: 32_700,
    description: "455-horsepower LT1 with magnetic ride control, a head-up display and heated and ventilated seats. Clear bra on the front end since new.",
  },
  {
    seller: "ethan", category: "Muscle", title: "Dodge Challenger R/T Scat Pack", make: "Dodge", model: "Challenger R/T Scat Pack", year: 2020,
    yearsUsed: "5", mileageKm: 47_900, fuel: "Petrol", transmission: "Automatic", colour: "Go Mango",
    paint: "#f06a12", scenes: ["desert", "studio"], quality: "Excellent", location: "Houston, TX",
    originalPrice: 49_900, resalePrice: 38_400, advertised: true,
    description: "392 HEMI with launch control, Brembo brakes and the Widebody look. Ceramic coated, garage kept and serviced with synthetic oil every 4,000 miles.",
  },
  {
    seller: "maya", category: "Muscle", title: "Dodge Charger SRT 392", make: "Dodge", model: "Charger SRT 392", year: 2015,
    yearsUsed: "10", mileageKm: 118_200, fuel: "Petrol", transmission: "Automatic", colour: "Pitch Black",
    paint: "#16181b", scenes: ["city", "studio"], quality: "Good", location: "Nashville, TN",
    originalPrice: 47_000, resalePrice: 23_600, sold: true,
    description: "Four doors and a 485-horsepower HEMI. Adaptive damping, Laguna leather and a Harman Kardon stereo. Sold, but ask about the Mustang.",
  },
  {
    seller: "priya", category: "Muscle", title: "Pontiac GTO 6.0", make: "Pontiac", model: "GTO", year: 2005,
    yearsUsed: "more than 10 years", period: { amount: 21, unit: "years" }, mileageKm: 162_000, fuel: "Petrol",
    transmission: "Manual", colour: "Quicksilver", paint: "#a7adb4", scenes: ["studio", "city"],
    quality: "Good", location: "Detroit, MI", originalPrice: 33_000, resalePrice: 17_800,
    description: "A sleeper with the LS2 V8 and a six-speed manual. New clutch, new water pump and a stainless exhaust. Future classic in honest condition.",
  },
  {
    seller: "daniel", category: "Muscle", title: "Chevrolet Chevelle SS 396", make: "Chevrolet", model: "Chevelle SS 396", year: 1970,
    yearsUsed: "more than 10 years", period: { amount: 56, unit: "years" }, mileageKm: 143_000, fuel: "Petrol",
    transmission: "Manual", colour: "Cranberry Red", paint: "#8e1b2b", scenes: ["studio", "desert"],
    quality: "Excellent", location: "Dallas, TX", originalPrice: 3_800, resalePrice: 64_000,
    description: "Frame-off restored Chevelle with a numbers-matching big block and a Muncie four-speed. Documented with the build sheet and 300 photos of the restoration.",
  },
  {
    seller: "maya", category: "SUV", title: "Toyota RAV4 Hybrid XLE", make: "Toyota", model: "RAV4 Hybrid XLE", year: 2021,
    yearsUsed: "4", mileageKm: 49_500, fuel: "Hybrid", transmission: "Automatic", colour: "Blueprint",
    paint: "#27477a", scenes: ["mountain", "forest"], quality: "Excellent", location: "Austin, TX",
    originalPrice: 33_500, resalePrice: 27_200, advertised: true,
    description: "Efficient all-wheel-drive hybrid with Toyota Safety Sense, a power tailgate and a new 12V battery. Both keys, roof cross bars and all-weather mats included.",
  },
  {
    seller: "sofia", category: "SUV", title: "Honda CR-V Touring", make: "Honda", model: "CR-V Touring", year: 2019,
    yearsUsed: "6", mileageKm: 84_000, fuel: "Petrol", transmission: "Automatic", colour: "Modern Steel",
    paint: "#5b6169", scenes: ["forest", "coast"], quality: "Good", location: "Portland, OR",
    originalPrice: 35_000, resalePrice: 19_900,
    description: "Top-trim CR-V with a hands-free tailgate, ventilated leather and a panoramic roof. Recently serviced with new brake pads and a cabin filter.",
  },
  {
    seller: "ethan", category: "SUV", title: "Mazda CX-5 Signature", make: "Mazda", model: "CX-5 Signature", year: 2022,
    yearsUsed: "3", mileageKm: 36_700, fuel: "Petrol", transmission: "Automatic", colour: "Soul Red Crystal",
    paint: "#a4161a", scenes: ["coast", "mountain"], quality: "Excellent", location: "Charlotte, NC",
    originalPrice: 39_800, resalePrice: 31_200,
    description: "The 2.5 turbo with Nappa leather, a 360° camera and a Bose stereo. Feels far more expensive than it is. Still under the factory warranty.",
  },
  {
    seller: "priya", category: "SUV", title: "Kia Sportage X-Line", make: "Kia", model: "Sportage X-Line", year: 2026,
    yearsUsed: "less than a year", period: { amount: 45, unit: "days" }, mileageKm: 2_100, fuel: "Hybrid",
    transmission: "Automatic", colour: "Jungle Wood Green", paint: "#3f5a45", scenes: ["forest", "mountain"],
    quality: "Excellent", location: "Seattle, WA", originalPrice: 38_200, resalePrice: 35_400,
    description: "Bought six weeks ago, barely driven, and now a company car made it redundant. Full warranty, ceramic coating and tinted rear windows.",
  },
  {
    seller: "daniel", category: "SUV", title: "Volvo XC60 B5 Inscription", make: "Volvo", model: "XC60 B5", year: 2020,
    yearsUsed: "5", mileageKm: 72_800, fuel: "Hybrid", transmission: "Automatic", colour: "Denim Blue",
    paint: "#3a5673", scenes: ["mountain", "coast"], quality: "Excellent", location: "Minneapolis, MN",
    originalPrice: 52_000, resalePrice: 30_900, sold: true,
    description: "Mild-hybrid XC60 with Pilot Assist, heated rear seats and a Bowers & Wilkins stereo. Sold within a week of listing.",
  },
  {
    seller: "ethan", category: "SUV", title: "BMW X5 xDrive40i", make: "BMW", model: "X5 xDrive40i", year: 2019,
    yearsUsed: "6", mileageKm: 91_400, fuel: "Petrol", transmission: "Automatic", colour: "Carbon Black",
    paint: "#1b2533", scenes: ["city", "mountain"], quality: "Good", location: "Atlanta, GA",
    originalPrice: 68_000, resalePrice: 36_500,
    description: "Straight-six X5 with the third-row seat option, air suspension and a tow hitch. Cooling system refreshed at 85,000 km; service book stamped throughout.",
  },
  {
    seller: "sofia", category: "SUV", title: "Hyundai Tucson Limited", make: "Hyundai", model: "Tucson Limited", year: 2025,
    yearsUsed: "1", mileageKm: 14_300, fuel: "Petrol", transmission: "Automatic", colour: "Amazon Gray",
    paint: "#6b6f6a", scenes: ["city", "forest"], quality: "Excellent", location: "Miami, FL",
    originalPrice: 37_600, resalePrice: 32_100,
    description: "One year old with a remote smart parking assist, a 10.25-inch screen and ventilated seats. Transferable warranty until 2030.",
  },
];
