/** The body styles: side-view models, facing right, ground at y = 0. */

import {
  archStroke,
  bottomWithArches,
  type CarColors,
  type CarModel,
  type Wheel,
} from "#app/demo/artwork/car-parts.server.ts";

export type BodyStyle = "sedan" | "offroad" | "muscle" | "suv";

function sedanModel(c: CarColors): CarModel {
  const wheels: Wheel[] = [
    { x: 212, r: 88, rim: 62, archR: 99 },
    { x: 800, r: 88, rim: 62, archR: 99 },
  ];
  const sill = -62;
  const shell =
    "M30 -62L20 -68Q8 -78 8 -104L10 -158Q12 -188 22 -206Q30 -220 60 -224L238 -232" +
    "C290 -244 340 -304 392 -322Q500 -350 606 -328C650 -310 690 -270 726 -248" +
    "Q830 -236 906 -224Q968 -214 986 -192Q998 -170 998 -132L994 -92Q990 -66 962 -62" +
    bottomWithArches(962, 30, sill, wheels);
  const glass =
    "M282 -238C322 -252 362 -298 398 -312Q500 -338 598 -318C636 -300 672 -272 704 -244Q480 -244 282 -238Z";
  return {
    length: 1000,
    top: -342,
    sill,
    belt: -240,
    shoulder: -200,
    shell,
    glass,
    pillars: `<path d="M494 -340L510 -340L510 -240L494 -240Z" fill="${c.trim}"/>`,
    doorLines:
      "M510 -242L510 -76M716 -244C712 -200 704 -150 703 -116M298 -240C306 -200 312 -160 314 -124M314 -76L703 -76",
    handles: [
      [436, -212],
      [650, -214],
    ],
    mirror: "M708 -246C712 -270 736 -278 756 -272L762 -256Q746 -246 708 -246Z",
    headlight: "M918 -222Q968 -214 988 -190L982 -180Q944 -188 912 -208Z",
    taillight: "M10 -186Q14 -212 36 -222L90 -226L82 -210Q44 -204 10 -186Z",
    wheels,
    wheelStyle: "alloy",
    behind: "",
    over:
      `<path d="M962 -126L997 -128L995 -94L960 -96Z" fill="${c.trim}"/>` +
      `<path d="M964 -120L994 -121" stroke="#3a3f47" stroke-width="3"/>` +
      `<path d="M10 -118L44 -118L44 -108L10 -108Z" fill="#7a1016" opacity="0.8"/>` +
      `<path d="M314 -76L703 -76L703 -62L314 -62Z" fill="${c.edge}" opacity="0.55"/>` +
      `<path d="M240 -232L300 -236" stroke="${c.edge}" stroke-width="2" opacity="0.4" fill="none"/>`,
    overClipped: "",
    noseX: 930,
  };
}

function suvModel(c: CarColors): CarModel {
  const wheels: Wheel[] = [
    { x: 222, r: 104, rim: 72, archR: 120 },
    { x: 790, r: 104, rim: 72, archR: 120 },
  ];
  const sill = -94;
  const shell =
    "M40 -94L26 -98Q14 -106 14 -132L16 -250Q18 -300 30 -340Q40 -398 70 -414L96 -422" +
    "Q350 -438 600 -426Q640 -420 666 -396L752 -306Q860 -296 920 -282Q970 -270 984 -232" +
    "Q994 -200 994 -150L990 -112Q986 -96 966 -94" +
    bottomWithArches(966, 40, sill, wheels);
  const glass =
    "M58 -312L78 -392Q88 -406 112 -408L590 -412Q620 -410 642 -390L728 -306Q400 -304 58 -312Z";
  const cladding = c.trim;
  return {
    length: 1000,
    top: -440,
    sill,
    belt: -308,
    shoulder: -262,
    shell,
    glass,
    pillars:
      `<path d="M60 -312L80 -392Q90 -406 112 -408L140 -408L120 -312Z" fill="${c.trim}"/>` +
      `<path d="M298 -409L312 -409L306 -309L292 -309Z" fill="${c.trim}"/>` +
      `<path d="M484 -411L498 -411L498 -307L484 -307Z" fill="${c.trim}"/>`,
    doorLines:
      "M498 -306L498 -132M732 -304C728 -262 718 -228 712 -196M306 -308C310 -262 316 -214 319 -176M319 -132L712 -132",
    handles: [
      [420, -274],
      [652, -276],
    ],
    mirror: "M728 -306C734 -332 760 -340 780 -334L786 -316Q768 -306 728 -306Z",
    headlight: "M896 -288Q958 -278 984 -240L978 -230Q938 -254 892 -272Z",
    taillight: "M19 -292Q22 -318 30 -342L58 -346L54 -310Z",
    wheels,
    wheelStyle: "sport",
    behind: "",
    over:
      // roof rails
      `<path d="M118 -430L560 -436" stroke="#2a2e35" stroke-width="12" stroke-linecap="round"/>` +
      `<path d="M118 -433L560 -439" stroke="#c9ced6" stroke-width="4" stroke-linecap="round" opacity="0.8"/>` +
      `<path d="M126 -430L150 -430L150 -422L126 -423Z M532 -436L556 -436L556 -427L532 -427Z" fill="#2a2e35"/>` +
      // grille + lower cladding
      `<path d="M978 -228Q992 -196 993 -160L972 -160Q972 -198 962 -228Z" fill="${c.trim}"/>` +
      `<path d="M319 -132L712 -132L712 -94L319 -94Z" fill="${cladding}"/>` +
      `<path d="M14 -132L100 -132L100 -94L40 -94L26 -98Q14 -106 14 -132Z" fill="${cladding}"/>` +
      `<path d="M994 -150L990 -112Q986 -96 966 -94L900 -94L900 -150Z" fill="${cladding}"/>` +
      `<path d="M958 -112L990 -116L987 -98L962 -96Z" fill="#c7ccd3"/>` +
      `<path d="${wheels.map((w) => archStroke(w, sill, 6)).join("")}" fill="none" stroke="${cladding}" stroke-width="14"/>` +
      `<path d="M16 -150L60 -150L60 -142L16 -142Z" fill="#8a1118" opacity="0.8"/>`,
    overClipped: "",
    noseX: 930,
  };
}

function muscleModel(c: CarColors, stripe: string): CarModel {
  const wheels: Wheel[] = [
    { x: 228, r: 98, rim: 62, archR: 110 },
    { x: 812, r: 88, rim: 58, archR: 100 },
  ];
  const sill = -72;
  const shell =
    "M40 -72L22 -76Q10 -86 12 -112L14 -198L8 -238Q10 -246 26 -246L200 -248" +
    "C262 -256 330 -318 400 -330Q460 -340 520 -334C560 -320 600 -288 642 -264" +
    "Q800 -250 958 -238L1002 -228Q1010 -222 1006 -206L996 -114Q992 -78 966 -74" +
    bottomWithArches(966, 40, sill, wheels);
  const glass =
    "M300 -258C340 -280 380 -314 410 -322Q470 -332 514 -326C548 -312 584 -286 614 -266Q460 -262 300 -258Z";
  return {
    length: 1010,
    top: -340,
    sill,
    belt: -260,
    shoulder: -214,
    shell,
    glass,
    pillars: `<path d="M438 -328L446 -328L452 -262L444 -262Z" fill="#d9dee4"/>`,
    doorLines: "M450 -262Q440 -170 452 -86M652 -262L640 -86M452 -86L640 -86",
    handles: [[478, -236]],
    mirror: "M612 -266C614 -282 628 -290 646 -288Q656 -278 650 -266Z",
    headlight: "M994 -220Q1004 -214 1004 -198L998 -184Q990 -200 994 -220Z",
    taillight: "M9 -238L22 -238L22 -200L13 -200Z",
    wheels,
    wheelStyle: "mag",
    behind: "",
    over:
      // hood scoop
      `<path d="M712 -257Q732 -273 772 -275L826 -271Q832 -261 829 -249Z" fill="url(#c-body)" stroke="${c.edge}" stroke-width="1.5"/>` +
      `<path d="M818 -271L826 -271Q832 -261 829 -249L822 -249Q825 -260 818 -271Z" fill="${c.trim}"/>` +
      // rear wing
      `<path d="M40 -247L46 -268M100 -249L104 -270" stroke="${c.trim}" stroke-width="7"/>` +
      `<path d="M12 -266L124 -272Q132 -270 128 -262L14 -258Q8 -262 12 -266Z" fill="url(#c-body)" stroke="${c.edge}" stroke-width="2"/>` +
      // chin spoiler
      `<path d="M930 -74L994 -80L1000 -72L940 -66Z" fill="${c.trim}"/>` +
      // chrome bumpers and side markers
      `<path d="M994 -118L1014 -118Q1020 -102 1012 -86L990 -84Z" fill="url(#c-chrome)"/>` +
      `<path d="M4 -120L34 -120L34 -94L8 -92Q2 -104 4 -120Z" fill="url(#c-chrome)"/>` +
      `<path d="M950 -150L976 -151L976 -142L950 -141Z" fill="#f2a23a"/>` +
      `<path d="M44 -152L70 -152L70 -144L44 -144Z" fill="#b3141c"/>` +
      `<path d="M14 -76L52 -76L52 -64L14 -64Z" fill="url(#c-chrome)"/>` +
      `<path d="M452 -86L640 -86L640 -72L452 -72Z" fill="${c.edge}" opacity="0.45"/>`,
    overClipped:
      `<path d="M0 -184L1010 -202L1010 -188L0 -170Z" fill="${stripe}"/>` +
      `<path d="M0 -162L1010 -178L1010 -172L0 -156Z" fill="${stripe}"/>`,
    noseX: 960,
  };
}

function offroadModel(c: CarColors): CarModel {
  const wheels: Wheel[] = [
    { x: 205, r: 120, rim: 66, archR: 136 },
    { x: 722, r: 120, rim: 66, archR: 136 },
  ];
  const sill = -150;
  const shell =
    "M44 -150L32 -150L28 -170L28 -420Q28 -446 54 -448L548 -452Q566 -452 572 -436L616 -312" +
    "L858 -304Q884 -302 888 -282L892 -176Q892 -152 870 -150" +
    bottomWithArches(870, 44, sill, wheels);
  const glass =
    "M54 -330L54 -418Q54 -430 66 -430L248 -432L248 -330Z" +
    "M272 -330L272 -433L420 -434L420 -330Z" +
    "M444 -330L444 -435L546 -436Q556 -434 560 -424L596 -330Z";
  const tread = Array.from({ length: 9 }, (_, i) => {
    const y = -376 + i * 24;
    return `<rect x="-28" y="${y}" width="14" height="14" rx="4"/>`;
  }).join("");
  return {
    length: 900,
    top: -470,
    sill,
    belt: -320,
    shoulder: -286,
    shell,
    glass,
    pillars: "",
    doorLines: "M262 -444L262 -256M432 -444L432 -162M606 -318L606 -200M336 -162L586 -162",
    handles: [
      [390, -300],
      [568, -300],
    ],
    mirror: "M598 -322L602 -350Q604 -357 611 -357L626 -356L624 -326Z",
    headlight: "M886 -284L898 -284Q902 -262 898 -242L886 -242Z",
    taillight: "M28 -300L40 -300L40 -240L28 -240Z",
    wheels,
    wheelStyle: "offroad",
    behind:
      // spare wheel seen edge-on on the tailgate
      `<rect x="-22" y="-386" width="56" height="224" rx="24" fill="#1b1d21"/>` +
      `<g fill="#1b1d21">${tread}</g>` +
      `<rect x="-14" y="-376" width="10" height="204" rx="5" fill="#33363c"/>` +
      `<rect x="20" y="-300" width="14" height="60" fill="#2a2d33"/>`,
    over:
      // roof rack
      `<path d="M62 -476L544 -478" stroke="#23262b" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="${[80, 180, 280, 380, 480, 530].map((x) => `M${x} -476L${x} -450`).join("")}" stroke="#23262b" stroke-width="7"/>` +
      `<rect x="120" y="-500" width="150" height="24" rx="5" fill="#3c4a3a"/>` +
      `<rect x="290" y="-494" width="110" height="18" rx="4" fill="#4a3c2e"/>` +
      // light bar
      `<rect x="496" y="-470" width="48" height="14" rx="4" fill="#2a2d33"/>` +
      // snorkel
      `<path d="M672 -306L612 -456L642 -462" fill="none" stroke="#1e2126" stroke-width="16" stroke-linejoin="round" stroke-linecap="round"/>` +
      `<path d="M665 -318L618 -436" stroke="#ffffff" stroke-width="2" opacity="0.18"/>` +
      // rock slider, bumpers, grille, hinges
      `<rect x="330" y="-166" width="262" height="22" rx="8" fill="#24272d"/>` +
      `<rect x="862" y="-206" width="70" height="56" rx="8" fill="#2a2d33"/>` +
      `<rect x="900" y="-196" width="30" height="10" rx="3" fill="#3c4048"/>` +
      `<rect x="6" y="-200" width="46" height="50" rx="6" fill="#2a2d33"/>` +
      `<path d="M882 -300L892 -300L892 -206L882 -206Z" fill="${c.trim}"/>` +
      `<path d="M600 -300h12v18h-12zM600 -236h12v18h-12z" fill="#2a2d33"/>` +
      `<path d="M880 -236L894 -236L894 -226L880 -226Z" fill="#f2a23a"/>` +
      // fender flares
      `<path d="${wheels.map((w) => archStroke(w, sill, 8)).join("")}" fill="none" stroke="#1f2227" stroke-width="26"/>`,
    overClipped: "",
    noseX: 880,
  };
}

export function carModel(body: BodyStyle, c: CarColors, stripe: string): CarModel {
  switch (body) {
    case "sedan":
      return sedanModel(c);
    case "suv":
      return suvModel(c);
    case "muscle":
      return muscleModel(c, stripe);
    case "offroad":
      return offroadModel(c);
  }
}
