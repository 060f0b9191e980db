/**
 * Real Sydney suburbs of the demo service, grouped into the product's five demo rounds, with their postcodes,
 * approximate centres and real streets. Client coordinates are drawn close to a suburb's centre.
 */

export const demoRoundNames = [
  'Inner West',
  'Eastern Suburbs',
  'North Shore',
  'St George',
  'Canterbury',
] as const;
export type DemoRoundName = (typeof demoRoundNames)[number];

export type DemoSuburb = {
  name: string;
  postcode: string;
  latitude: number;
  longitude: number;
  streets: readonly string[];
};

// One suburb per line reads as a table; Prettier would spread it over 400 lines.
// prettier-ignore
export const demoSuburbsByRound: Record<DemoRoundName, readonly DemoSuburb[]> = {
  'Inner West': [
    { name: 'Annandale', postcode: '2038', latitude: -33.8817, longitude: 151.17, streets: ['Johnston Street', 'Booth Street', 'Trafalgar Street', 'Nelson Street', 'Annandale Street', 'Albion Street', 'Collins Street'] },
    { name: 'Leichhardt', postcode: '2040', latitude: -33.8833, longitude: 151.1565, streets: ['Norton Street', 'Marion Street', 'Balmain Road', 'Catherine Street', 'Allen Street', 'Flood Street', 'Elswick Street', 'Renwick Street'] },
    { name: 'Stanmore', postcode: '2048', latitude: -33.8969, longitude: 151.1636, streets: ['Cambridge Street', 'Percival Road', 'Stanmore Road', 'Corunna Road', 'Holt Street', 'Albany Road', 'Clare Street'] },
    { name: 'Petersham', postcode: '2049', latitude: -33.8945, longitude: 151.154, streets: ['Crystal Street', 'Audley Street', 'Station Street', 'Brighton Street', 'Palace Street', 'West Street', 'Fisher Street'] },
    { name: 'Marrickville', postcode: '2204', latitude: -33.911, longitude: 151.155, streets: ['Illawarra Road', 'Marrickville Road', 'Victoria Road', 'Livingstone Road', 'Addison Road', 'Sydenham Road', 'Warren Road', 'Silver Street'] },
    { name: 'Dulwich Hill', postcode: '2203', latitude: -33.905, longitude: 151.139, streets: ['Wardell Road', 'Ewart Street', 'Denison Road', 'Beauchamp Street', 'Kintore Street', 'Constitution Road', 'Hercules Street'] },
    { name: 'Summer Hill', postcode: '2130', latitude: -33.8917, longitude: 151.138, streets: ['Smith Street', 'Lackey Street', 'Carlton Crescent', 'Grosvenor Crescent', 'Prospect Road', 'Sloane Street'] },
    { name: 'Ashfield', postcode: '2131', latitude: -33.888, longitude: 151.125, streets: ['Liverpool Road', 'Charlotte Street', 'Holden Street', 'Bland Street', 'Orpington Street', 'Alt Street', 'Clissold Street', 'Milton Street'] },
  ],
  'Eastern Suburbs': [
    { name: 'Paddington', postcode: '2021', latitude: -33.8847, longitude: 151.2311, streets: ['Glenmore Road', 'Underwood Street', 'Cascade Street', 'Elizabeth Street', 'Windsor Street', 'Hargrave Street', 'Oxford Street'] },
    { name: 'Bondi', postcode: '2026', latitude: -33.8935, longitude: 151.264, streets: ['Bondi Road', 'Curlewis Street', 'Glenayr Avenue', 'Blair Street', 'Wellington Street', "O'Brien Street", 'Hall Street'] },
    { name: 'Waverley', postcode: '2024', latitude: -33.898, longitude: 151.252, streets: ['Birrell Street', 'Macpherson Street', 'Carrington Road', 'Paul Street', 'Bronte Road', 'Victoria Street'] },
    { name: 'Randwick', postcode: '2031', latitude: -33.914, longitude: 151.242, streets: ['Avoca Street', 'Alison Road', 'Belmore Road', 'Frances Street', 'Clovelly Road', 'Dutruc Street', 'Carrington Road'] },
    { name: 'Coogee', postcode: '2034', latitude: -33.92, longitude: 151.255, streets: ['Arden Street', 'Coogee Bay Road', 'Carr Street', 'Havelock Avenue', 'Mount Street', 'Dolphin Street', 'Beach Street'] },
    { name: 'Kensington', postcode: '2033', latitude: -33.907, longitude: 151.224, streets: ['Anzac Parade', 'Doncaster Avenue', 'Todman Avenue', 'Bowral Street', 'Goodwood Street', 'Houston Road'] },
    { name: 'Kingsford', postcode: '2032', latitude: -33.924, longitude: 151.228, streets: ['Gardeners Road', 'Middle Street', 'Rainbow Street', 'Meeks Street', 'Borrodale Road', 'Anzac Parade'] },
    { name: 'Maroubra', postcode: '2035', latitude: -33.948, longitude: 151.24, streets: ['Maroubra Road', 'Fitzgerald Avenue', 'Malabar Road', 'Storey Street', 'Haig Street', 'Boyce Road', 'Anzac Parade'] },
  ],
  'North Shore': [
    { name: 'Neutral Bay', postcode: '2089', latitude: -33.837, longitude: 151.219, streets: ['Military Road', 'Yeo Street', 'Ben Boyd Road', 'Kurraba Road', 'Wycombe Road', 'Grosvenor Street'] },
    { name: 'Crows Nest', postcode: '2065', latitude: -33.826, longitude: 151.203, streets: ['Willoughby Road', 'Falcon Street', 'Alexander Street', 'Burlington Street', 'Shirley Road', 'Atchison Street'] },
    { name: 'Artarmon', postcode: '2064', latitude: -33.81, longitude: 151.185, streets: ['Hampden Road', 'Broughton Road', 'Artarmon Road', 'Wilkes Avenue', 'Elizabeth Street', 'Cameron Avenue'] },
    { name: 'Chatswood', postcode: '2067', latitude: -33.797, longitude: 151.18, streets: ['Victoria Avenue', 'Archer Street', 'Help Street', 'Albert Avenue', 'Johnson Street', 'Orchard Road', 'Anderson Street'] },
    { name: 'Willoughby', postcode: '2068', latitude: -33.804, longitude: 151.2, streets: ['Penshurst Street', 'High Street', 'Mowbray Road', 'Sydney Street', 'Laurel Street', 'Edward Street'] },
    { name: 'Lane Cove', postcode: '2066', latitude: -33.815, longitude: 151.167, streets: ['Longueville Road', 'Burns Bay Road', 'Austin Street', 'Birdwood Avenue', 'Centennial Avenue', 'Kenneth Street'] },
    { name: 'Roseville', postcode: '2069', latitude: -33.784, longitude: 151.178, streets: ['Hill Street', 'Boundary Street', 'Victoria Street', 'Archbold Road', 'Bancroft Avenue', 'Clanwilliam Street'] },
    { name: 'Lindfield', postcode: '2070', latitude: -33.776, longitude: 151.169, streets: ['Tryon Road', 'Lindfield Avenue', 'Treatts Road', 'Nelson Road', 'Middle Harbour Road', 'Provincial Road'] },
  ],
  'St George': [
    { name: 'Rockdale', postcode: '2216', latitude: -33.953, longitude: 151.137, streets: ['Bay Street', 'Frederick Street', 'Lister Avenue', 'Harrow Road', 'Watkin Street', 'Princes Highway'] },
    { name: 'Kogarah', postcode: '2217', latitude: -33.963, longitude: 151.133, streets: ['Railway Parade', 'Gray Street', 'Belgrave Street', 'Montgomery Street', 'English Street', 'Princes Highway'] },
    { name: 'Carlton', postcode: '2218', latitude: -33.969, longitude: 151.122, streets: ['Carlton Parade', 'Jubilee Avenue', 'Willison Road', 'Short Street', 'Cameron Street'] },
    { name: 'Hurstville', postcode: '2220', latitude: -33.967, longitude: 151.1, streets: ['Forest Road', 'Woniora Road', 'Dora Street', 'Gloucester Road', 'Park Road', 'Durham Street'] },
    { name: 'Bexley', postcode: '2207', latitude: -33.95, longitude: 151.127, streets: ['Forest Road', 'Stoney Creek Road', 'Preddys Road', 'Slade Road', 'Dunmore Street', 'Kingsland Road'] },
    { name: 'Penshurst', postcode: '2222', latitude: -33.965, longitude: 151.087, streets: ['Penshurst Street', 'Laycock Road', 'Bridge Street', 'Victoria Avenue', 'Ormonde Parade'] },
    { name: 'Sans Souci', postcode: '2219', latitude: -33.989, longitude: 151.133, streets: ['Rocky Point Road', 'Russell Avenue', 'Clareville Avenue', 'Water Street', 'Ramsgate Road'] },
    { name: 'Oatley', postcode: '2223', latitude: -33.98, longitude: 151.079, streets: ['Oatley Avenue', 'Mulga Road', 'Rosa Street', 'Letitia Street', 'Frederick Street'] },
  ],
  Canterbury: [
    { name: 'Hurlstone Park', postcode: '2193', latitude: -33.91, longitude: 151.131, streets: ['Duntroon Street', 'Crinan Street', 'Floss Street', 'Melford Street', 'Canterbury Road'] },
    { name: 'Canterbury', postcode: '2193', latitude: -33.912, longitude: 151.118, streets: ['Tincombe Street', 'Charles Street', 'Close Street', 'Church Street', 'Fore Street', 'Canterbury Road'] },
    { name: 'Earlwood', postcode: '2206', latitude: -33.925, longitude: 151.126, streets: ['Homer Street', 'Clarke Street', 'William Street', 'Bexley Road', 'Hillcrest Avenue', 'Fricourt Avenue'] },
    { name: 'Campsie', postcode: '2194', latitude: -33.912, longitude: 151.103, streets: ['Beamish Street', 'Evaline Street', 'Ninth Avenue', 'Campsie Street', 'Claremont Street', 'Anglo Road', 'Loch Street'] },
    { name: 'Croydon Park', postcode: '2133', latitude: -33.898, longitude: 151.108, streets: ['Georges River Road', 'Brighton Avenue', 'Seymour Street', 'Lees Avenue', 'Clissold Parade'] },
    { name: 'Belmore', postcode: '2192', latitude: -33.918, longitude: 151.088, streets: ['Burwood Road', 'Redman Parade', 'Lakemba Street', 'Tobruk Avenue', 'Bardwell Street', 'Leylands Parade'] },
    { name: 'Lakemba', postcode: '2195', latitude: -33.92, longitude: 151.075, streets: ['Haldon Street', 'The Boulevarde', 'Railway Parade', 'Croydon Street', 'Bellevue Avenue', 'Gillies Street'] },
    { name: 'Punchbowl', postcode: '2196', latitude: -33.929, longitude: 151.053, streets: ['Punchbowl Road', 'Rossmore Avenue', 'Wiggs Road', 'Bridgewater Road', 'The Boulevarde'] },
  ],
};

// prettier-ignore
export const demoFirstNames = {
  F: ['Margaret', 'Dorothy', 'Joan', 'Patricia', 'Barbara', 'Shirley', 'Betty', 'Jean', 'Beverley', 'Valerie', 'June', 'Gwen', 'Maureen', 'Judith', 'Elaine', 'Maria', 'Eleni', 'Giuseppina', 'Mei', 'Lan', 'Noreen', 'Kathleen', 'Lorraine', 'Irene', 'Pamela', 'Rosa', 'Fatima', 'Yvonne', 'Carmel', 'Anh'],
  M: ['Kevin', 'Raymond', 'Ronald', 'Keith', 'Graham', 'Colin', 'Barry', 'Peter', 'John', 'Giuseppe', 'Nikolaos', 'Wei', 'Alan', 'Brian', 'Trevor', 'Neville', 'Desmond', 'Frank', 'George', 'Stavros', 'Ahmed', 'Bruce', 'Geoffrey', 'Ian', 'Lindsay', 'Murray', 'Antonio', 'Minh', 'Terence', 'Harold'],
} as const;

// prettier-ignore
export const demoLastNames = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson', 'Thompson',
  'Nguyen', 'Thomas', 'Walker', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King', 'Davis', 'Wright', 'Evans',
  'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel', 'Khan', 'Lewis', 'James', 'Phillips', 'Mitchell',
  "O'Brien", 'Murphy', 'Walsh', 'Papadopoulos', 'Nikolaidis', 'Rossi', 'Russo', 'Romano', 'Chen', 'Wang', 'Zhang',
  'Tran', 'Pham', 'Le', 'Haddad', 'Khoury', 'Fitzgerald', 'McDonald', 'Campbell', 'Stewart', 'Cooper', 'Hughes',
  'Edwards', 'Turner', 'Morris', 'Bennett', 'Baker', 'Collins', 'Sullivan', 'Gallagher', 'Costa', 'Santos', 'Kowalski',
  'Novak', 'Dimitriou', 'Georgiou', 'Ali', 'Hassan', 'Park', 'Kim', 'Sharma', 'Singh', 'Fraser', 'Doyle', 'Burke',
] as const;
