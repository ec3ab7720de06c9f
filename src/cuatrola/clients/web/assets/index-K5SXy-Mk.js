var e,t,n,r,i,a,o,s,c,l,u,d,f,p,m={},h=[],g=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,_=Array.isArray;function v(e,t){for(var n in t)e[n]=t[n];return e}function y(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function b(t,n,r){var i,a,o,s={};for(o in n)o==`key`?i=n[o]:o==`ref`?a=n[o]:s[o]=n[o];if(arguments.length>2&&(s.children=arguments.length>3?e.call(arguments,2):r),typeof t==`function`&&t.defaultProps!=null)for(o in t.defaultProps)s[o]===void 0&&(s[o]=t.defaultProps[o]);return x(t,s,i,a,null)}function x(e,r,i,a,o){var s={type:e,props:r,key:i,ref:a,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:o??++n,__i:-1,__u:0};return o==null&&t.vnode!=null&&t.vnode(s),s}function S(e){return e.children}function C(e,t){this.props=e,this.context=t}function w(e,t){if(t==null)return e.__?w(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type==`function`?w(e):null}function T(e){if(e.__P&&e.__d){var n=e.__v,r=n.__e,i=[],a=[],o=v({},n);o.__v=n.__v+1,t.vnode&&t.vnode(o),ne(e.__P,o,n,e.__n,e.__P.namespaceURI,32&n.__u?[r]:null,i,r??w(n),!!(32&n.__u),a),o.__v=n.__v,o.__.__k[o.__i]=o,P(i,o,a),n.__e=n.__=null,o.__e!=r&&E(o)}}function E(e){if((e=e.__)!=null&&e.__c!=null)return e.__e=e.__c.base=null,e.__k.some(function(t){if(t!=null&&t.__e!=null)return e.__e=e.__c.base=t.__e}),E(e)}function D(e){(!e.__d&&(e.__d=!0)&&r.push(e)&&!O.__r++||i!=t.debounceRendering)&&((i=t.debounceRendering)||a)(O)}function O(){try{for(var e,t=1;r.length;)r.length>t&&r.sort(o),e=r.shift(),t=r.length,T(e)}finally{r.length=O.__r=0}}function ee(e,t,n,r,i,a,o,s,c,l,u){var d,f,p,g,_,v,y=r&&r.__k||h,b=t.length;for(c=k(n,t,y,c,b),d=0;d<b;d++)(p=n.__k[d])!=null&&(f=p.__i!=-1&&y[p.__i]||m,p.__i=d,v=ne(e,p,f,i,a,o,s,c,l,u),g=p.__e,p.ref&&f.ref!=p.ref&&(f.ref&&ae(f.ref,null,p),u.push(p.ref,p.__c||g,p)),_==null&&g!=null&&(_=g),4&p.__u?(c=A(p,c,e),f.__e&&(f.__e=null)):typeof p.type==`function`&&v!==void 0?c=v:g&&(c=g.nextSibling),p.__u&=-7);return n.__e=_,c}function k(e,t,n,r,i){var a,o,s,c,l,u=n.length,d=u,f=0;for(e.__k=Array(i),a=0;a<i;a++)(o=t[a])!=null&&typeof o!=`boolean`&&typeof o!=`function`?(typeof o==`string`||typeof o==`number`||typeof o==`bigint`||o.constructor==String?o=e.__k[a]=x(null,o,null,null,null):_(o)?o=e.__k[a]=x(S,{children:o},null,null,null):o.constructor===void 0&&o.__b>0?o=e.__k[a]=x(o.type,o.props,o.key,o.ref?o.ref:null,o.__v):e.__k[a]=o,c=a+f,o.__=e,o.__b=e.__b+1,s=null,(l=o.__i=te(o,n,c,d))!=-1&&(d--,(s=n[l])&&(s.__u|=2)),s==null||s.__v==null?(l==-1&&(i>u?f--:i<u&&f++),typeof o.type!=`function`&&(o.__u|=4)):l!=c&&(l==c-1?f--:l==c+1?f++:(l>c?f--:f++,o.__u|=4))):e.__k[a]=null;if(d)for(a=0;a<u;a++)(s=n[a])!=null&&!(2&s.__u)&&(s.__e==r&&(r=w(s)),oe(s,s));return r}function A(e,t,n){var r,i;if(typeof e.type==`function`){for(r=e.__k,i=0;r&&i<r.length;i++)r[i]&&(r[i].__=e,t=A(r[i],t,n));return t}e.__e!=t&&(t&&e.type&&!t.parentNode&&(t=w(e)),t=n.insertBefore(e.__e,t||null));do t&&=t.nextSibling;while(t!=null&&t.nodeType==8);return t}function te(e,t,n,r){var i,a,o,s=e.key,c=e.type,l=t[n],u=l!=null&&!(2&l.__u);if(l===null&&s==null||u&&s==l.key&&c==l.type)return n;if(r>+!!u){for(i=n-1,a=n+1;i>=0||a<t.length;)if((l=t[o=i>=0?i--:a++])!=null&&!(2&l.__u)&&s==l.key&&c==l.type)return o}return-1}function j(e,t,n){t[0]==`-`?e.setProperty(t,n??``):e[t]=n==null?``:typeof n!=`number`||g.test(t)?n:n+`px`}function M(e,t,n,r,i){var a,o;e:if(t==`style`){if(typeof n==`string`)e.style.cssText=n;else{if(typeof r==`string`&&(e.style.cssText=r=``),r)for(t in r)n&&t in n||j(e.style,t,``);if(n)for(t in n)r&&n[t]==r[t]||j(e.style,t,n[t])}}else if(t[0]==`o`&&t[1]==`n`)a=t!=(t=t.replace(u,`$1`)),o=t.toLowerCase(),t=o in e||t==`onFocusOut`||t==`onFocusIn`?o.slice(2):t.slice(2),e.l||={},e.l[t+a]=n,n?r?n[l]=r[l]:(n[l]=d,e.addEventListener(t,a?p:f,a)):e.removeEventListener(t,a?p:f,a);else{if(i==`http://www.w3.org/2000/svg`)t=t.replace(/xlink(H|:h)/,`h`).replace(/sName$/,`s`);else if(t!=`width`&&t!=`height`&&t!=`href`&&t!=`list`&&t!=`form`&&t!=`tabIndex`&&t!=`download`&&t!=`rowSpan`&&t!=`colSpan`&&t!=`role`&&t!=`popover`&&t in e)try{e[t]=n??``;break e}catch{}typeof n==`function`||(n==null||!1===n&&t[4]!=`-`?e.removeAttribute(t):e.setAttribute(t,t==`popover`&&n==1?``:n))}}function N(e){return function(n){if(this.l){var r=this.l[n.type+e];if(n[c]==null)n[c]=d++;else if(n[c]<r[l])return;return r(t.event?t.event(n):n)}}}function ne(e,n,r,i,a,o,s,c,l,u){var d,f,p,m,g,b,x,T,E,D,O,k,A,te,j,M,N=n.type;if(n.constructor!==void 0)return null;128&r.__u&&(l=!!(32&r.__u),o=[c=n.__e=r.__e]),(d=t.__b)&&d(n);e:if(typeof N==`function`){f=s.length;try{if(E=n.props,D=N.prototype&&N.prototype.render,O=(d=N.contextType)&&i[d.__c],k=d?O?O.props.value:d.__:i,r.__c?T=(p=n.__c=r.__c).__=p.__E:(D?n.__c=p=new N(E,k):(n.__c=p=new C(E,k),p.constructor=N,p.render=se),O&&O.sub(p),p.state||(p.state={}),p.__n=i,m=p.__d=!0,p.__h=[],p._sb=[]),D&&p.__s==null&&(p.__s=p.state),D&&N.getDerivedStateFromProps!=null&&(p.__s==p.state&&(p.__s=v({},p.__s)),v(p.__s,N.getDerivedStateFromProps(E,p.__s))),g=p.props,b=p.state,p.__v=n,m)D&&N.getDerivedStateFromProps==null&&p.componentWillMount!=null&&p.componentWillMount(),D&&p.componentDidMount!=null&&p.__h.push(p.componentDidMount);else{if(D&&N.getDerivedStateFromProps==null&&E!==g&&p.componentWillReceiveProps!=null&&p.componentWillReceiveProps(E,k),n.__v==r.__v||!p.__e&&p.shouldComponentUpdate!=null&&!1===p.shouldComponentUpdate(E,p.__s,k)){n.__v!=r.__v&&(p.props=E,p.state=p.__s,p.__d=!1),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(e){e&&(e.__=n)}),h.push.apply(p.__h,p._sb),p._sb=[],p.__h.length&&s.push(p),c=w(r);break e}p.componentWillUpdate!=null&&p.componentWillUpdate(E,p.__s,k),D&&p.componentDidUpdate!=null&&p.__h.push(function(){p.componentDidUpdate(g,b,x)})}if(p.context=k,p.props=E,p.__P=e,p.__e=!1,A=t.__r,te=0,D)p.state=p.__s,p.__d=!1,A&&A(n),d=p.render(p.props,p.state,p.context),h.push.apply(p.__h,p._sb),p._sb=[];else do p.__d=!1,A&&A(n),d=p.render(p.props,p.state,p.context),p.state=p.__s;while(p.__d&&++te<25);p.state=p.__s,p.getChildContext!=null&&(i=v(v({},i),p.getChildContext())),D&&!m&&p.getSnapshotBeforeUpdate!=null&&(x=p.getSnapshotBeforeUpdate(g,b)),j=d!=null&&d.type===S&&d.key==null?ie(d.props.children):d,c=ee(e,_(j)?j:[j],n,r,i,a,o,s,c,l,u),p.base=n.__e,n.__u&=-161,p.__h.length&&s.push(p),T&&(p.__E=p.__=null)}catch(e){if(s.length=f,n.__v=null,l||o!=null){if(e.then){for(n.__u|=l?160:128;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;o!=null&&(o[o.indexOf(c)]=null),n.__e=c}else if(o!=null)for(M=o.length;M--;)y(o[M])}else n.__e=r.__e;n.__k??=r.__k||[],e.then||re(n),t.__e(e,n,r)}}else o==null&&n.__v==r.__v?(n.__k=r.__k,n.__e=r.__e):c=n.__e=F(r.__e,n,r,i,a,o,s,l,u);return(d=t.diffed)&&d(n),128&n.__u?void 0:c}function re(e){e&&(e.__c&&(e.__c.__e=!0),e.__k&&e.__k.some(re))}function P(e,n,r){for(var i=0;i<r.length;i++)ae(r[i],r[++i],r[++i]);t.__c&&t.__c(n,e),e.some(function(n){try{e=n.__h,n.__h=[],e.some(function(e){e.call(n)})}catch(e){t.__e(e,n.__v)}})}function ie(e){return typeof e!=`object`||!e||e.__b>0?e:_(e)?e.map(ie):e.constructor===void 0?v({},e):null}function F(n,r,i,a,o,s,c,l,u){var d,f,p,h,g,v,b,x=i.props||m,S=r.props,C=r.type;if(C==`svg`?o=`http://www.w3.org/2000/svg`:C==`math`?o=`http://www.w3.org/1998/Math/MathML`:o||=`http://www.w3.org/1999/xhtml`,s!=null){for(d=0;d<s.length;d++)if((g=s[d])&&`setAttribute`in g==!!C&&(C?g.localName==C:g.nodeType==3)){n=g,s[d]=null;break}}if(n==null){if(C==null)return document.createTextNode(S);n=document.createElementNS(o,C,S.is&&S),l&&=(t.__m&&t.__m(r,s),!1),s=null}if(C==null)x===S||l&&n.data==S||(n.data=S);else{if(s=C==`textarea`&&S.defaultValue!=null?null:s&&e.call(n.childNodes),!l&&s!=null)for(x={},d=0;d<n.attributes.length;d++)x[(g=n.attributes[d]).name]=g.value;for(d in x)g=x[d],d==`dangerouslySetInnerHTML`?p=g:d==`children`||d in S||d==`value`&&`defaultValue`in S||d==`checked`&&`defaultChecked`in S||M(n,d,null,g,o);for(d in S)g=S[d],d==`children`?h=g:d==`dangerouslySetInnerHTML`?f=g:d==`value`?v=g:d==`checked`?b=g:l&&typeof g!=`function`||x[d]===g||M(n,d,g,x[d],o);if(f)l||p&&(f.__html==p.__html||f.__html==n.innerHTML)||(n.innerHTML=f.__html),r.__k=[];else if(p&&(n.innerHTML=``),ee(r.type==`template`?n.content:n,_(h)?h:[h],r,i,a,C==`foreignObject`?`http://www.w3.org/1999/xhtml`:o,s,c,s?s[0]:i.__k&&w(i,0),l,u),s!=null)for(d=s.length;d--;)y(s[d]);l&&C!=`textarea`||(d=`value`,C==`progress`&&v==null?n.removeAttribute(`value`):v!=null&&(v!==n[d]||C==`progress`&&!v||C==`option`&&v!=x[d])&&M(n,d,v,x[d],o),d=`checked`,b!=null&&b!=n[d]&&M(n,d,b,x[d],o))}return n}function ae(e,n,r){try{if(typeof e==`function`){var i=typeof e.__u==`function`;i&&e.__u(),i&&n==null||(e.__u=e(n))}else e.current=n}catch(e){t.__e(e,r)}}function oe(e,n,r){var i,a;if(t.unmount&&t.unmount(e),(i=e.ref)&&(i.current&&i.current!=e.__e||ae(i,null,n)),(i=e.__c)!=null){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(e){t.__e(e,n)}i.base=i.__P=i.__n=null}if(i=e.__k)for(a=0;a<i.length;a++)i[a]&&oe(i[a],n,r||typeof e.type!=`function`);r||y(e.__e),e.__c=e.__=e.__e=void 0}function se(e,t,n){return this.constructor(e,n)}function ce(n,r,i){var a,o,s,c;r==document&&(r=document.documentElement),t.__&&t.__(n,r),o=(a=typeof i==`function`)?null:i&&i.__k||r.__k,s=[],c=[],ne(r,n=(!a&&i||r).__k=b(S,null,[n]),o||m,m,r.namespaceURI,!a&&i?[i]:o?null:r.firstChild?e.call(r.childNodes):null,s,!a&&i?i:o?o.__e:r.firstChild,a,c),P(s,n,c),n.props.children=null}e=h.slice,t={__e:function(e,t,n,r){for(var i,a,o;t=t.__;)if((i=t.__c)&&!i.__)try{if((a=i.constructor)&&a.getDerivedStateFromError!=null&&(i.setState(a.getDerivedStateFromError(e)),o=i.__d),i.componentDidCatch!=null&&(i.componentDidCatch(e,r||{}),o=i.__d),o)return i.__E=i}catch(t){e=t}throw e}},n=0,C.prototype.setState=function(e,t){var n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=v({},this.state);typeof e==`function`&&(e=e(v({},n),this.props)),e&&v(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),D(this))},C.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),D(this))},C.prototype.render=S,r=[],a=typeof Promise==`function`?Promise.prototype.then.bind(Promise.resolve()):setTimeout,o=function(e,t){return e.__v.__b-t.__v.__b},O.__r=0,s=Math.random().toString(8),c=`__d`+s,l=`__a`+s,u=/(PointerCapture)$|Capture$/i,d=0,f=N(!1),p=N(!0);var I=[{code:`es`,name:`Español`},{code:`en`,name:`English`},{code:`pt`,name:`Português`},{code:`tr`,name:`Türkçe`},{code:`th`,name:`ไทย`}],le=`cuatrola.lang`,ue={},de=new Set,fe=`es`;async function pe(e){if(!ue[e]){let t=await fetch(`/i18n/${e}.json`);if(!t.ok)throw Error(`catalogue ${e}: HTTP ${t.status}`);ue[e]=await t.json()}return ue[e]}function me(e,t=[]){let n=e=>I.some(t=>t.code===e);if(n(e))return e;for(let e of t||[]){let t=String(e).toLowerCase().split(/[-_]/)[0];if(n(t))return t}return`es`}function he(){let e=null;try{e=localStorage.getItem(le)}catch{}let t=typeof navigator>`u`?[]:navigator.languages?.length?navigator.languages:[navigator.language];return me(e,t)}async function ge(e,{remember:t=!0}={}){I.some(t=>t.code===e)||(e=`es`),await Promise.all([pe(`es`),pe(e)]),fe=e;try{t&&localStorage.setItem(le,e)}catch{}document.documentElement.lang=e;for(let t of de)t(e)}function _e(){return fe}function ve(e){return de.add(e),()=>de.delete(e)}function L(e,t={}){let n=ue[fe]?.[e]??ue.es?.[e];return n===void 0&&(console.warn(`missing translation: ${e}`),n=e),n.replace(/\{(\w+)\}/g,(e,n)=>n in t?String(t[n]):e)}function ye(e){return ue.es?.[e]!==void 0}var be=[`O`,`C`,`E`,`B`],xe=[`A`,`3`,`R`,`C`,`S`],Se=[`oros`,`copas`,`espadas`,`bastos`],Ce=[`as`,`tres`,`rey`,`caballo`,`sota`],we=[`1`,`3`,`12`,`11`,`10`],Te=[`letters`,`numbers`],Ee=`letters`;function De(e){Ee=Te.includes(e)?e:`letters`}function Oe(){return Ee}function ke(e,t=Ee){return(t===`numbers`?we:xe)[Pe(e)]}var Ae=[`#8a5a00`,`#b3261e`,`#1d4f91`,`#2f6b2f`],R=[`#e2a91f`,`#d23b2f`,`#2f6fc4`,`#3f8f3a`],z=[`#7a4b00`,`#6d1410`,`#153a6e`,`#1e4d1e`],je=`#f3cfa6`,Me=`#9a6332`;function Ne(e){return Math.floor(e/5)}function Pe(e){return e%5}function B(e){if(typeof e==`number`)return e;let t=String(e).toUpperCase(),n=xe.indexOf(t[0]),r=be.indexOf(t[1]);if(t.length!==2||n<0||r<0)throw Error(`bad card ${e}`);return r*5+n}function Fe(e){let t=[];for(let n=0;n<12;n++){let r=n*Math.PI/6;t.push(`<circle cx="${(38*Math.cos(r)).toFixed(1)}" cy="${(38*Math.sin(r)).toFixed(1)}" r="2.6" fill="${z[e]}"/>`)}let n=[];for(let e=0;e<16;e++){let t=e*Math.PI/8-Math.PI/2,r=e%2?9:24;n.push(`${(r*Math.cos(t)).toFixed(1)},${(r*Math.sin(t)).toFixed(1)}`)}return`<circle r="46" fill="${R[0]}" stroke="${z[0]}" stroke-width="4"/><circle r="32" fill="#f3c94a" stroke="${z[0]}" stroke-width="2.5"/>`+t.join(``)+`<polygon points="${n.join(` `)}" fill="${R[0]}" stroke="${z[0]}" stroke-width="2"/><circle r="6" fill="${z[0]}"/>`}function Ie(){let e=z[1];return`<path d="M-36 -36 C-36 -4 -16 8 -7 10 L7 10 C16 8 36 -4 36 -36 Z" fill="${R[1]}" stroke="${e}" stroke-width="3.5" stroke-linejoin="round"/><ellipse cy="-36" rx="36" ry="9" fill="#f4b63f" stroke="${e}" stroke-width="3.5"/><ellipse cy="-36" rx="26" ry="5" fill="${e}"/><path d="M-30 -18 Q0 -8 30 -18" fill="none" stroke="#f4b63f" stroke-width="4"/><rect x="-5" y="9" width="10" height="20" fill="#f4b63f" stroke="${e}" stroke-width="3"/><ellipse cy="19" rx="11" ry="5.5" fill="${R[1]}" stroke="${e}" stroke-width="3"/><path d="M-27 46 C-22 34 -10 30 -6 28 L6 28 C10 30 22 34 27 46 Z" fill="${R[1]}" stroke="${e}" stroke-width="3.5" stroke-linejoin="round"/>`}function Le(){let e=z[2];return`<path d="M0 -50 L7 -38 L7 20 L-7 20 L-7 -38 Z" fill="#dfe7f2" stroke="${e}" stroke-width="3" stroke-linejoin="round"/><line x1="0" y1="-40" x2="0" y2="16" stroke="${e}" stroke-width="2"/><path d="M-26 18 Q-30 24 -24 29 L24 29 Q30 24 26 18 Z" fill="${R[2]}" stroke="${e}" stroke-width="3" stroke-linejoin="round"/><circle cx="-28" cy="23" r="4.5" fill="${R[2]}" stroke="${e}" stroke-width="2.5"/><circle cx="28" cy="23" r="4.5" fill="${R[2]}" stroke="${e}" stroke-width="2.5"/><rect x="-5" y="29" width="10" height="13" fill="${R[2]}" stroke="${e}" stroke-width="2.5"/><circle cy="46" r="6.5" fill="#f4b63f" stroke="${e}" stroke-width="2.5"/>`}function Re(){let e=z[3];return`<path d="M-7 47 L-15 -26 C-18 -48 18 -48 15 -26 L7 47 Z" fill="${Me}" stroke="#4a2c10" stroke-width="3.5" stroke-linejoin="round"/><path d="M-13 -8 L-24 -16 L-22 -4 Z" fill="${Me}" stroke="#4a2c10" stroke-width="2.5" stroke-linejoin="round"/><path d="M12 12 L24 4 L21 17 Z" fill="${Me}" stroke="#4a2c10" stroke-width="2.5" stroke-linejoin="round"/><ellipse cx="-3" cy="-28" rx="4" ry="6" fill="#6b3f18"/><ellipse cx="4" cy="-4" rx="3" ry="5" fill="#6b3f18"/><ellipse cx="-2" cy="22" rx="3" ry="4.5" fill="#6b3f18"/><path d="M-24 -16 C-38 -22 -40 -34 -30 -38 C-26 -28 -24 -22 -24 -16 Z" fill="${R[3]}" stroke="${e}" stroke-width="2.5"/><path d="M24 4 C38 -2 42 -14 33 -20 C28 -10 25 -4 24 4 Z" fill="${R[3]}" stroke="${e}" stroke-width="2.5"/>`}var ze=[Fe,Ie,Le,Re];function V(e,t,n,r,i=0){return`<g transform="translate(${t} ${n}) scale(${r})${i?` rotate(${i})`:``}">${ze[e](e)}</g>`}function Be(e){return`<svg class="suit-icon" viewBox="-52 -52 104 104" aria-hidden="true" focusable="false">${ze[e](e)}</svg>`}var Ve=120,He=180;function Ue(e){let t=Ae[e],n=e,r=[],i=e=>{if(n===0){r.push(`M9 ${e} H111`);return}let t=(102-7*n)/(n+1),i=9;for(let a=0;a<=n;a++)r.push(`M${i.toFixed(1)} ${e} h${t.toFixed(1)}`),i+=t+7};return i(9),i(171),r.push(`M9 9 V171`,`M111 9 V171`),`<path d="${r.join(` `)}" fill="none" stroke="${t}" stroke-width="1.6" opacity="0.75"/>`}function We(e,t){let n=Ne(e),r=ke(e,t),i=Ae[n],a=`<rect x="5" y="8" width="25" height="52" rx="4" fill="#fdf9ee"/><text x="17" y="33" text-anchor="middle" font-family="'DejaVu Sans','Liberation Sans',Arial,sans-serif" font-weight="700" font-size="${r.length>1?19:27}"${r.length>1?` letter-spacing="-1"`:``} fill="${i}">${r}</text>`+V(n,17,48,.19);return`<g class="idx">${a}</g><g transform="rotate(180 ${Ve/2} ${He/2})">${a}</g>`}function Ge(e){let t=Ne(e);if(Pe(e)===0)return`<ellipse cx="60" cy="90" rx="38" ry="52" fill="${R[t]}" opacity="0.12"/><ellipse cx="60" cy="90" rx="38" ry="52" fill="none" stroke="${Ae[t]}" stroke-width="1" stroke-dasharray="3 3" opacity="0.6"/>`+V(t,60,90,.72);if(t<=1)return[52,90,128].map((e,n)=>V(t,n===1?62:58,e,.34)).join(``);let n=t===3?.62:.74;return V(t,40,94,n,-18)+V(t,80,94,n,18)+V(t,60,88,n)}function Ke(e,t,n){return`<circle cx="${e}" cy="${t}" r="${n}" fill="${je}" stroke="#5a3a1c" stroke-width="1.6"/><circle cx="${e-n*.35}" cy="${t-n*.1}" r="1.2" fill="#3a2410"/><circle cx="${e+n*.35}" cy="${t-n*.1}" r="1.2" fill="#3a2410"/>`}function qe(e,t,n,r,i){let[a,o]=t,[s,c]=n,l=`<path d="M${a} ${o} L${s} ${c}" stroke="${i}" stroke-width="7" stroke-linecap="round"/>`,u=`<circle cx="${s}" cy="${c}" r="3.4" fill="${je}" stroke="#5a3a1c" stroke-width="1"/>`,d;return d=e===0?V(0,s+4,c+2,r):e===1?V(1,s,c-11*r*4,r):e===2?V(2,s,c-35*r*2.4,r*2.4):V(3,s+2,c+4,r*2.3,8),e===0||e===3?l+d+u:l+u+d}function Je(e,t,n,r){let i=z[e],a=[];if(e===0)for(let e=t+4;e<=n-3;e+=7)a.push(`<circle cx="${e}" cy="${r}" r="2.2" fill="#f9dc7a" stroke="${i}" stroke-width="0.8"/>`);else if(e===1)a.push(`<path d="M${t} ${r-3} H${n} M${t} ${r+3} H${n}" stroke="#f4b63f" stroke-width="2.2"/>`);else if(e===2){let e=`M${t} ${r-3}`;for(let i=t;i<n;i+=6)e+=` L${i+3} ${r+3} L${Math.min(i+6,n)} ${r-3}`;a.push(`<path d="${e}" fill="none" stroke="#dfe7f2" stroke-width="1.8"/>`)}else for(let e=t+3;e<=n-3;e+=8)a.push(`<path d="M${e} ${r-4} l3 4 l-3 4 l-3 -4 Z" fill="#e8d9a8" stroke="${i}" stroke-width="0.7"/>`);return a.join(``)}function Ye(e){let t=R[e],n=z[e];return`<rect x="50" y="112" width="8" height="36" fill="#f0e2c4" stroke="#5a3a1c" stroke-width="1.4"/><rect x="62" y="112" width="8" height="36" fill="#f0e2c4" stroke="#5a3a1c" stroke-width="1.4"/><path d="M46 148 h13 v5 h-13 Z M61 148 h13 v5 h-13 Z" fill="#3a2410"/><path d="M45 64 L75 64 L82 114 L38 114 Z" fill="${t}" stroke="${n}" stroke-width="2" stroke-linejoin="round"/><rect x="41" y="92" width="38" height="5" fill="#f4b63f" stroke="${n}" stroke-width="1"/><path d="M60 64 V114" stroke="${n}" stroke-width="1.2"/>`+Je(e,40,80,107)+`<path d="M46 70 L40 90" stroke="${t}" stroke-width="7" stroke-linecap="round"/>`+Ke(60,50,11)+`<path d="M47 46 Q48 32 62 33 Q74 34 74 45 Z" fill="${n}"/><path d="M70 37 Q80 26 86 30" fill="none" stroke="#f4b63f" stroke-width="2.5" stroke-linecap="round"/>`+qe(e,[74,70],[[84,84],[86,60],[88,100],[86,90]][e],.24,t)}var Xe=[`#efe6d4`,`#c98b5b`,`#d9dde3`,`#9c6b45`];function Ze(e){let t=R[e],n=z[e],r=Xe[e],i=`#5a3a1c`;return`<path d="M36 118 L32 152 M46 122 L44 153 M78 122 L82 153 M88 116 L94 150" stroke="${i}" stroke-width="5" stroke-linecap="round"/><ellipse cx="62" cy="112" rx="32" ry="15" fill="${r}" stroke="${i}" stroke-width="2"/><path d="M38 106 L26 78 L14 84 L12 76 L26 64 L36 68 L48 100 Z" fill="${r}" stroke="${i}" stroke-width="2" stroke-linejoin="round"/><path d="M27 65 L33 58 L35 67" fill="${r}" stroke="${i}" stroke-width="1.6"/><circle cx="24" cy="72" r="1.6" fill="${i}"/><path d="M32 70 Q40 84 44 98" fill="none" stroke="${n}" stroke-width="3"/><path d="M94 106 Q106 116 100 132" fill="none" stroke="${i}" stroke-width="4" stroke-linecap="round"/><path d="M50 100 L78 100 L82 122 L48 122 Z" fill="${t}" stroke="${n}" stroke-width="1.6"/>`+Je(e,50,80,116)+`<path d="M54 100 L70 100 L68 74 L56 74 Z" fill="${t}" stroke="${n}" stroke-width="1.8" stroke-linejoin="round"/><path d="M58 100 L56 116 M66 100 L70 116" stroke="#3a2410" stroke-width="4" stroke-linecap="round"/>`+Ke(62,64,9)+`<path d="M52 60 Q62 46 72 60 Z" fill="${n}"/>`+qe(e,[68,78],[[84,64],[84,60],[84,66],[82,70]][e],.2,t)}function Qe(e){let t=R[e],n=z[e],r=[];for(let e=76;e<148;e+=12)r.push(`<circle cx="60" cy="${e}" r="1.4" fill="#222"/>`);return`<path d="M44 66 L76 66 L90 152 L30 152 Z" fill="${t}" stroke="${n}" stroke-width="2" stroke-linejoin="round"/>`+Je(e,34,86,140)+`<path d="M55 66 L65 66 L67 152 L53 152 Z" fill="#fbf7ec" stroke="${n}" stroke-width="1"/>`+r.join(``)+`<path d="M30 152 L90 152" stroke="#f4b63f" stroke-width="4"/>`+Ke(60,52,11)+`<path d="M50 55 Q60 74 70 55 Q60 62 50 55 Z" fill="#8a7a6a" stroke="#5a3a1c" stroke-width="1"/><path d="M47 42 L47 28 L53 36 L60 24 L67 36 L73 28 L73 42 Z" fill="#f4b63f" stroke="#7a4b00" stroke-width="1.8" stroke-linejoin="round"/><circle cx="60" cy="36" r="2" fill="${R[1]}"/>`+qe(e,[76,72],[[86,88],[88,66],[90,104],[88,94]][e],.26,t)}var $e=[null,null,Qe,Ze,Ye];function et(e,t){let n=Ne(e),r=Pe(e),i=r>=2?$e[r](n):Ge(e);return`<rect x="1" y="1" width="118" height="178" rx="9" fill="#fdf9ee" stroke="#9c8f78" stroke-width="1.5"/>`+Ue(n)+i+We(e,t)}function tt(){let e=[];for(let t=-200;t<=200;t+=12)e.push(`M${t} 0 L${t+200} 200`,`M${t+200} 0 L${t} 200`);return`<rect x="1" y="1" width="118" height="178" rx="9" fill="#fdf9ee" stroke="#9c8f78" stroke-width="1.5"/><rect x="8" y="8" width="104" height="164" rx="5" fill="#7d1f2c"/><svg x="8" y="8" width="104" height="164" viewBox="0 0 104 164"><path d="${e.join(` `)}" stroke="#c8953a" stroke-width="1" opacity="0.55"/></svg><rect x="12" y="12" width="96" height="156" rx="4" fill="none" stroke="#e7c36a" stroke-width="1.5"/><circle cx="60" cy="90" r="33" fill="#7d1f2c" stroke="#e7c36a" stroke-width="2"/><circle cx="60" cy="90" r="28" fill="#fdf3dc" stroke="#e7c36a" stroke-width="1"/>`+V(0,60,73,.16)+V(1,43,90,.16)+V(2,77,90,.16)+V(3,60,107,.16)+`<path d="M60 30 L66 40 L60 50 L54 40 Z M60 130 L66 140 L60 150 L54 140 Z" fill="#e7c36a"/>`}var nt=new Map;function H(e,t=Ee){let n=e==null?`back`:`${t}:${e}`;if(!nt.has(n)){let r=n===`back`?tt():et(e,t);nt.set(n,`<svg class="card-svg" viewBox="0 0 ${Ve} ${He}" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">${r}</svg>`)}return nt.get(n)}var rt=`cuatrola.deck`,it=new Set;function at(e){try{return localStorage.getItem(e)}catch{return null}}function ot(e,t){try{localStorage.setItem(e,t)}catch{}}function st(){let e=at(rt);return Te.includes(e)?e:`letters`}function ct(){De(st())}function lt(e){let t=Te.includes(e)?e:`letters`;ot(rt,t),De(t);for(let e of it)e()}function ut(e){return it.add(e),()=>it.delete(e)}var dt,U,ft,pt,mt=0,ht=[],W=t,gt=W.__b,_t=W.__r,vt=W.diffed,yt=W.__c,bt=W.unmount,xt=W.__;function St(e,t){W.__h&&W.__h(U,e,mt||t),mt=0;var n=U.__H||(U.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function G(e){return mt=1,Ct(Nt,e)}function Ct(e,t,n){var r=St(dt++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):Nt(void 0,t),function(e){var t=r.__N?r.__N[0]:r.__[0],n=r.t(t,e);t!==n&&(r.__N=[n,r.__[1]],r.__c.setState({}))}],r.__c=U,!U.__f)){var i=function(e,t,n){if(!r.__c.__H)return!0;var i=!1,o=r.__c.props!==e;if(r.__c.__H.__.some(function(e){if(e.__N){i=!0;var t=e.__[0];e.__=e.__N,e.__N=void 0,t!==e.__[0]&&(o=!0)}}),a){var s=a.call(this,e,t,n);return i?s||o:s}return!i||o};U.__f=!0;var a=U.shouldComponentUpdate,o=U.componentWillUpdate;U.componentWillUpdate=function(e,t,n){if(this.__e){var r=a;a=void 0,i(e,t,n),a=r}o&&o.call(this,e,t,n)},U.shouldComponentUpdate=i}return r.__N||r.__}function K(e,t){var n=St(dt++,3);!W.__s&&Mt(n.__H,t)&&(n.__=e,n.u=t,U.__H.__h.push(n))}function wt(e,t){var n=St(dt++,4);!W.__s&&Mt(n.__H,t)&&(n.__=e,n.u=t,U.__h.push(n))}function q(e){return mt=5,Tt(function(){return{current:e}},[])}function Tt(e,t){var n=St(dt++,7);return Mt(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function Et(e,t){return mt=8,Tt(function(){return e},t)}function Dt(){for(var e;e=ht.shift();){var t=e.__H;if(e.__P&&t)try{t.__h.some(At),t.__h.some(jt),t.__h=[]}catch(n){t.__h=[],W.__e(n,e.__v)}}}W.__b=function(e){U=null,gt&&gt(e)},W.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),xt&&xt(e,t)},W.__r=function(e){_t&&_t(e),dt=0;var t=(U=e.__c).__H;t&&(ft===U?(t.__h=[],U.__h=[],t.__.some(function(e){e.__N&&(e.__=e.__N),e.u=e.__N=void 0})):(t.__h.some(At),t.__h.some(jt),t.__h=[],dt=0)),ft=U},W.diffed=function(e){vt&&vt(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(ht.push(t)!==1&&pt===W.requestAnimationFrame||((pt=W.requestAnimationFrame)||kt)(Dt)),t.__H.__.some(function(e){e.u&&=(e.__H=e.u,void 0)})),ft=U=null},W.__c=function(e,t){t.some(function(e){try{e.__h.some(At),e.__h=e.__h.filter(function(e){return!e.__||jt(e)})}catch(n){t.some(function(e){e.__h&&=[]}),t=[],W.__e(n,e.__v)}}),yt&&yt(e,t)},W.unmount=function(e){bt&&bt(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.some(function(e){try{At(e)}catch(e){t=e}}),n.__H=void 0,t&&W.__e(t,n.__v))};var Ot=typeof requestAnimationFrame==`function`;function kt(e){var t,n=function(){clearTimeout(r),Ot&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);Ot&&(t=requestAnimationFrame(n))}function At(e){var t=U,n=e.__c;typeof n==`function`&&(e.__c=void 0,n()),U=t}function jt(e){var t=U;e.__c=e.__(),U=t}function Mt(e,t){return!e||e.length!==t.length||t.some(function(t,n){return t!==e[n]})}function Nt(e,t){return typeof t==`function`?t(e):t}var Pt=function(e,t,n,r){var i;t[0]=0;for(var a=1;a<t.length;a++){var o=t[a++],s=t[a]?(t[0]|=o?1:2,n[t[a++]]):t[++a];o===3?r[0]=s:o===4?r[1]=Object.assign(r[1]||{},s):o===5?(r[1]=r[1]||{})[t[++a]]=s:o===6?r[1][t[++a]]+=s+``:o?(i=e.apply(s,Pt(e,s,n,[``,null])),r.push(i),s[0]?t[0]|=2:(t[a-2]=0,t[a]=i)):r.push(s)}return r},Ft=new Map;function It(e){var t=Ft.get(this);return t||(t=new Map,Ft.set(this,t)),(t=Pt(this,t.get(e)||(t.set(e,t=function(e){for(var t,n,r=1,i=``,a=``,o=[0],s=function(e){r===1&&(e||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,``)))?o.push(0,e,i):r===3&&(e||i)?(o.push(3,e,i),r=2):r===2&&i===`...`&&e?o.push(4,e,0):r===2&&i&&!e?o.push(5,0,!0,i):r>=5&&((i||!e&&r===5)&&(o.push(r,0,i,n),r=6),e&&(o.push(r,e,0,n),r=6)),i=``},c=0;c<e.length;c++){c&&(r===1&&s(),s(c));for(var l=0;l<e[c].length;l++)t=e[c][l],r===1?t===`<`?(s(),o=[o],r=3):i+=t:r===4?i===`--`&&t===`>`?(r=1,i=``):i=t+i[0]:a?t===a?a=``:i+=t:t===`"`||t===`'`?a=t:t===`>`?(s(),r=1):r&&(t===`=`?(r=5,n=i,i=``):t===`/`&&(r<5||e[c][l+1]===`>`)?(s(),r===3&&(o=o[0]),r=o,(o=o[0]).push(2,0,r),r=0):t===` `||t===`	`||t===`
`||t===`\r`?(s(),r=2):i+=t),r===3&&i===`!--`&&(r=4,o=o[0])}return s(),o}(e)),t),arguments,[])).length>1?t:t[0]}var Lt=It.bind(b),Rt={first:`M6 5h2v14H6zM20 5v14L9.5 12z`,prev:`M15.5 5v14L5 12z`,next:`M8.5 5v14L19 12z`,last:`M16 5h2v14h-2zM4 5v14l10.5-7z`,play:`M7 4.5v15L19.5 12z`,pause:`M6 5h4v14H6zM14 5h4v14h-4z`,close:`M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z`,back:`M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z`,reload:`M17.7 6.3A8 8 0 1 0 19.8 14h-2.1a6 6 0 1 1-1.4-6.2L13 11h7V4z`,settings:`M19.4 13a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3.2h-4l-.4 2.7a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.6 7.6 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.4 7.4 0 0 0 1.7 1l.4 2.7h4l.4-2.7a7.4 7.4 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z`,download:`M11 4h2v8.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3zM5 18h14v2H5z`,offline:`M2.3 3.7 3.7 2.3l18 18-1.4 1.4-3.5-3.5A4 4 0 0 1 17 20H7a5 5 0 0 1-1.6-9.7 7 7 0 0 1 .7-2.2zM9.4 5.5A7 7 0 0 1 19 10a4.5 4.5 0 0 1 2.4 7.6z`,person:`M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z`};function zt({name:e,size:t=18,class:n=``}){return Lt`<svg class=${`icon icon-${e}${n?` ${n}`:``}`} width=${t} height=${t}
    viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d=${Rt[e]} fill="currentColor" /></svg>`}Object.keys(Rt);var Bt=`cuatrola.token`;function Vt(){try{return localStorage.getItem(Bt)}catch{return null}}function Ht(e){try{e?localStorage.setItem(Bt,e):localStorage.removeItem(Bt)}catch{}}var Ut=class extends Error{constructor(e,t,n=0){super(t||e),this.code=e,this.status=n}};async function Wt(e,t,n,r=Vt()){let i={Accept:`application/json`};n!==void 0&&(i[`Content-Type`]=`application/json`),r&&(i.Authorization=`Bearer ${r}`);let a;try{a=await fetch(`/api${t}`,{method:e,headers:i,body:n===void 0?void 0:JSON.stringify(n)})}catch{throw new Ut(`network`,`network error`)}let o=null,s=await a.text();if(s)try{o=JSON.parse(s)}catch{o=null}if(!a.ok)throw new Ut(o&&typeof o.error==`string`?o.error:`http_${a.status}`,o&&typeof o.message==`string`?o.message:``,a.status);return o}var Gt=0;function Kt(){return Gt+=1,`w${Date.now().toString(36)}${Math.random().toString(36).slice(2,6)}${Gt}`}var qt=class{constructor(e){this.token=e,this.ws=null,this.status=`idle`,this.user=null,this.pending=new Map,this.tables=new Map,this.lobbyOn=!1,this.handlers=new Map,this.retry=0,this.timer=null,this.pingTimer=null,this.closedByUs=!1}on(e,t){return this.handlers.has(e)||this.handlers.set(e,new Set),this.handlers.get(e).add(t),()=>this.handlers.get(e).delete(t)}emit(e,t){for(let n of this.handlers.get(e)||[])try{n(t)}catch(e){console.error(e)}}setStatus(e){this.status=e,this.emit(`state`,{status:e})}url(){return`${location.protocol===`https:`?`wss`:`ws`}://${location.host}/ws`}connect(){this.closedByUs=!1,clearTimeout(this.timer),this.setStatus(this.retry?`reconnecting`:`connecting`);let e;try{e=new WebSocket(this.url())}catch{this.scheduleReconnect();return}this.ws=e,e.onopen=()=>{e.send(JSON.stringify({type:`hello`,token:this.token,client:`web/1.0`}))},e.onmessage=e=>{let t;try{t=JSON.parse(e.data)}catch{return}this.handle(t)},e.onclose=()=>{this.ws===e&&(this.ws=null,clearInterval(this.pingTimer),this.closedByUs?this.setStatus(`closed`):this.scheduleReconnect())},e.onerror=()=>{}}scheduleReconnect(){this.retry+=1,this.setStatus(`reconnecting`);let e=Math.min(8e3,400*2**Math.min(this.retry-1,5))*(.8+Math.random()*.4);this.timer=setTimeout(()=>this.connect(),e)}close(){this.closedByUs=!0,clearTimeout(this.timer),clearInterval(this.pingTimer),this.ws&&this.ws.close();for(let{reject:e}of this.pending.values())e(new Ut(`closed`,`closed`));this.pending.clear()}drop(){this.ws&&this.ws.close()}sendRaw(e){return this.ws&&this.ws.readyState===WebSocket.OPEN&&this.status===`open`?(this.ws.send(JSON.stringify(e)),!0):!1}command(e,t={}){let n={type:e,id:Kt(),...t};return new Promise((e,t)=>{this.pending.set(n.id,{msg:n,resolve:e,reject:t}),this.sendRaw(n)})}subscribe(e,{fresh:t=!1}={}){return(t||!this.tables.has(e))&&this.tables.set(e,null),this.command(`subscribe`,{table:e,since:this.tables.get(e)??void 0})}unsubscribe(e){return this.tables.delete(e),this.command(`unsubscribe`,{table:e}).catch(()=>null)}lobby(e){this.lobbyOn=e,this.sendRaw({type:`lobby`,on:e})}handle(e){switch(e.type){case`welcome`:{this.user=e.user,this.retry=0,this.setStatus(`open`),clearInterval(this.pingTimer),this.pingTimer=setInterval(()=>this.sendRaw({type:`ping`,nonce:0}),25e3),this.emit(`welcome`,e),this.lobbyOn&&this.sendRaw({type:`lobby`,on:!0});let t=[...this.pending.values()].map(e=>e.msg);for(let e of t)e.type===`subscribe`&&this.tables.has(e.table)&&(e.since=this.tables.get(e.table)??void 0),this.sendRaw(e);for(let[e,n]of this.tables)t.some(t=>t.type===`subscribe`&&t.table===e)||this.command(`subscribe`,{table:e,since:n??void 0}).catch(()=>null);break}case`ack`:{let t=this.pending.get(e.id);t&&(this.pending.delete(e.id),t.resolve(e));break}case`error`:if(e.id&&this.pending.has(e.id)){let t=this.pending.get(e.id);this.pending.delete(e.id),t.reject(new Ut(e.code,e.message))}else e.code===`unauthorized`||e.code===`bad_token`?(this.closedByUs=!0,this.emit(`unauthorized`,e)):this.emit(`error`,e);break;case`sync`:this.tables.set(e.table,e.seq),this.emit(`sync`,e);break;case`event`:{if(!this.tables.has(e.table))break;let t=this.tables.get(e.table);if(t!==null&&e.seq<=t)break;if(t!==null&&e.seq>t+1){this.command(`subscribe`,{table:e.table,since:t}).catch(()=>null);break}this.tables.set(e.table,e.seq),this.emit(`event`,e);break}default:this.emit(e.type,e)}this.emit(`message`,e)}};function Jt(e){let t=e||`#/`,n;return(n=/^#\/t\/([\w-]+)$/.exec(t))?{name:`table`,id:n[1]}:(n=/^#\/join\/(\w+)$/.exec(t))?{name:`join`,code:n[1]}:(n=/^#\/replay\/(.+)$/.exec(t))?{name:`replay`,id:Yt(n[1])}:(n=/^#\/player\/([\w-]+)$/.exec(t))?{name:`player`,id:n[1]}:t===`#/leaderboard`?{name:`leaderboard`}:t===`#/history`?{name:`history`}:{name:`lobby`}}function Yt(e){try{return decodeURIComponent(e)}catch{return e}}var Xt=e=>`#/player/${encodeURIComponent(e)}`,Zt=e=>`#/replay/${encodeURIComponent(e)}`;function J(e){let t=B(e);return L(`card.name`,{rank:L(`rank.${Ce[Pe(t)]}`),suit:L(`suit.${Se[Ne(t)]}`)})}function Qt(e){return L(`suit.${Se[typeof e==`string`?be.indexOf(e):e]}`)}function $t(e){let t=/^exact(\d+)$/.exec(e);if(t)return L(`rules.exactN`,{n:t[1]});if(e===`to21`)return L(`rules.to21`);let n=/^hands(\d+)$/.exec(e);return n?L(`rules.handsN`,{n:n[1]}):e}function en(e){let t=e?.code;return t&&ye(`error.${t}`)?L(`error.${t}`):e?.message?`${L(`error.generic`)} (${e.message})`:L(`error.generic`)}function tn(e,t=null){if(!e)return``;let n=e.level??e.bot_level??(e.bot&&!e.user?t:null);return n?L(`player.computer`,{level:L(`level.${n}`)}):e.name||``}var nn=It.bind(b),rn=/^[\u0E40-\u0E44]$/u;function an(e){return typeof Intl<`u`&&Intl.Segmenter?Array.from(new Intl.Segmenter(void 0,{granularity:`grapheme`}).segment(e),e=>e.segment):Array.from(e)}function on(e){let t=an(e);return(t.find(e=>!rn.test(e))??t[0]??``).toUpperCase()}function sn(e){let t=String(e??``).normalize(`NFC`).trim().split(/[\s_.\-·]+/u).filter(Boolean);return t.length?t.length===1?on(t[0]):on(t[0])+on(t[1]):`?`}function cn(e){let t=String(e??``).normalize(`NFC`).trim().toLowerCase(),n=0x811c9dc5;for(let e=0;e<t.length;e++)n^=t.charCodeAt(e),n=Math.imul(n,16777619)>>>0;return n>>>0}function ln(e,t,n){let r=t/100,i=n/100,a=t=>(t+e/30)%12,o=r*Math.min(i,1-i),s=e=>i-o*Math.max(-1,Math.min(a(e)-3,Math.min(9-a(e),1)));return[s(0),s(8),s(4)].map(e=>Math.round(e*255))}function un([e,t,n]){let r=e=>{let t=e/255;return t<=.03928?t/12.92:((t+.055)/1.055)**2.4};return .2126*r(e)+.7152*r(t)+.0722*r(n)}function dn(e){return 1.05/(un(e)+.05)}var fn=e=>`#${e.map(e=>e.toString(16).padStart(2,`0`)).join(``)}`;function pn(e){let t=cn(e),n=t%360,r=45+(t>>>9)%20,i=42,a=ln(n,r,i);for(;dn(a)<4.5&&i>10;)--i,a=ln(n,r,i);return fn(a)}var mn=`#3b4a5a`;function hn({name:e,size:t=32,bot:n=!1,class:r=``}){let i=`avatar${r?` ${r}`:``}`;if(n)return nn`<svg class=${i} data-testid="avatar" data-bot="true" width=${t} height=${t}
      viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill=${mn} />
      <rect x="10" y="11" width="20" height="14" rx="2.5" fill="#d8e2ec" />
      <rect x="13" y="14" width="14" height="8" rx="1" fill="#1d2935" />
      <circle cx="17" cy="18" r="1.4" fill="#7fe0a0" />
      <circle cx="23" cy="18" r="1.4" fill="#7fe0a0" />
      <path d="M16 29 h8 M20 25 v4" stroke="#d8e2ec" stroke-width="2" stroke-linecap="round" />
    </svg>`;let a=sn(e);return nn`<svg class=${i} data-testid="avatar" data-initials=${a} width=${t} height=${t}
    viewBox="0 0 40 40" aria-hidden="true" focusable="false">
    <circle cx="20" cy="20" r="20" fill=${pn(e)} />
    <text x="20" y="20" dy="0.36em" text-anchor="middle" fill="#fff" font-weight="700"
      font-size=${a.length>1?15:19} class="avatar-text">${a}</text>
  </svg>`}var Y=It.bind(b);function gn({text:e,class:t=``}){return Y`<span class=${`name${t?` ${t}`:``}`} title=${e}>${e}</span>`}function _n(e){return{...e,bot:e.is_bot,user:e.user_id}}function vn(e){return!!(e.bot_level||e.is_bot&&!e.user_id)}function yn({player:e,size:t=24,link:n=!0,testid:r}){let i=vn(e),a=tn(_n(e)),o=Y`<${hn} name=${e.name} bot=${i} size=${t} /><${gn} text=${a} />`;return n&&!i&&e.user_id?Y`<a class="player-tag" href=${Xt(e.user_id)} data-testid=${r}>${o}</a>`:Y`<span class="player-tag" data-testid=${r}>${o}</span>`}function bn(e){try{return new Intl.DateTimeFormat(_e(),{dateStyle:`medium`,timeStyle:`short`}).format(new Date(e*1e3))}catch{return new Date(e*1e3).toISOString()}}function xn(e,t){let[n,r]=G({data:null,error:null,loading:!0});return K(()=>{if(!e){r({data:null,error:null,loading:!1});return}let n=!0;return r({data:null,error:null,loading:!0}),Wt(`GET`,e,void 0,t).then(e=>n&&r({data:e,error:null,loading:!1})).catch(e=>n&&r({data:null,error:e,loading:!1})),()=>{n=!1}},[e,t]),n}function Sn(e){return!e||typeof e!=`object`?`exact11`:e.end===`first_to`?`to${e.target}`:e.end===`hands`?`hands${e.hands}`:`exact${e.target??11}`}function Cn(e,t){let n=t?e.players.find(e=>e.user_id===t):null;return n?n.seat&1:null}function wn({markup:e,class:t,label:n,style:r}){return n?Y`<span class=${t} style=${r} role="img" aria-label=${n} dangerouslySetInnerHTML=${{__html:e}}></span>`:Y`<span class=${t} style=${r} aria-hidden="true" dangerouslySetInnerHTML=${{__html:e}}></span>`}function Tn({token:e,user:t,rating:n,connStatus:r,offline:i,onSignOut:a}){let o=e&&!i&&r&&![`open`,`idle`,`closed`].includes(r);return Y`<header class="site-header">
    <a class="brand" href="#/" data-testid="nav-lobby">
      <${wn} class="brand-mark" markup=${Be(0)} />
      <span class="brand-name">${L(`hero.title`)}</span>
    </a>
    <nav class="main-nav" aria-label=${L(`nav.main`)}>
      <a href="#/">${L(`nav.lobby`)}</a>
      <a href="#/leaderboard" data-testid="nav-leaderboard">${L(`nav.leaderboard`)}</a>
      ${e?Y`<a href="#/history" data-testid="nav-history">${L(`nav.history`)}</a>`:null}
    </nav>
    <div class="header-right">
      ${o?Y`<span class="conn-dot" data-testid="conn-header">${L(`conn.reconnecting`)}</span>`:null}
      ${t?Y`<a class="user-chip" href=${Xt(t.id)} data-testid="user-name" title=${L(`profile.open`)}>
            <${hn} name=${t.name} size=${26} />
            <${gn} text=${t.name} />
            ${t.guest?Y`<span class="badge guest">${L(`auth.guest`)}</span>`:null}
            ${!t.guest&&typeof n==`number`?Y`<span class="badge rating" data-testid="user-rating" title=${L(`board.rating`)}>${Math.round(n)}</span>`:null}
          </a>`:null}
      ${e?Y`<button class="btn small ghost" data-testid="logout" onClick=${a}>${L(`auth.logout`)}</button>`:null}
      <label class="lang">
        <span class="sr-only">${L(`nav.language`)}</span>
        <select data-testid="lang-select" aria-label=${L(`nav.language`)} onChange=${e=>ge(e.currentTarget.value)}>
          ${I.map(e=>Y`<option key=${e.code} value=${e.code} selected=${e.code===_e()} lang=${e.code}>${e.name}</option>`)}
        </select>
      </label>
      <${En} />
    </div>
  </header>`}function En(){let[e,t]=G(!1),n=q(null),r=q(null);K(()=>{if(!e)return;let i=e=>{e.key===`Escape`&&(t(!1),r.current?.focus())},a=e=>{n.current&&!n.current.contains(e.target)&&t(!1)};return document.addEventListener(`keydown`,i),document.addEventListener(`pointerdown`,a),()=>{document.removeEventListener(`keydown`,i),document.removeEventListener(`pointerdown`,a)}},[e]);let i=Oe(),a=(e,t)=>Y`<label class=${`deck-choice${i===e?` chosen`:``}`}>
    <${wn} class="deck-sample" markup=${t} />
    <span><input type="radio" name="deck-index" value=${e} checked=${i===e}
      data-testid=${`deck-index-${e}`} onChange=${()=>lt(e)} />${L(`settings.deck.${e}`)}</span>
  </label>`,o=e=>H(B(`RO`),e);return Y`<div class="settings" ref=${n}>
    <button class="btn small ghost icon-only" ref=${r} data-testid="settings-btn"
      aria-expanded=${String(e)} aria-controls="settings-menu" aria-label=${L(`settings.title`)}
      title=${L(`settings.title`)} onClick=${()=>t(!e)}>
      <${zt} name="settings" size=${20} />
    </button>
    ${e?Y`<div class="settings-pop panel" id="settings-menu" data-testid="settings-menu" role="group" aria-label=${L(`settings.title`)}>
          <h2>${L(`settings.title`)}</h2>
          <fieldset class="deck-setting">
            <legend>${L(`settings.deck`)}</legend>
            <div class="deck-choices">${a(`letters`,o(`letters`))}${a(`numbers`,o(`numbers`))}</div>
          </fieldset>
        </div>`:null}
  </div>`}function Dn({match:e,viewerId:t,testid:n,replayTestid:r}){let i=Cn(e,t),a=i??0,o=e.winner===a;return Y`<li data-testid=${n}>
    ${i===null?Y`<span class="result neutral">${L(`history.finished`)}</span>`:Y`<span class=${`result ${o?`good`:`bad`}`}>${L(o?`history.won`:`history.lost`)}</span>`}
    <span class="score">${e.score[a]}–${e.score[1-a]}</span>
    <span class="muted when">${bn(e.finished_at)}</span>
    <span class="players">
      ${[...e.players].sort((e,t)=>e.seat-t.seat).map(e=>Y`<${yn} key=${e.seat} player=${e} size=${20} />`)}
    </span>
    <span class="muted hands">${L(`history.hands`,{n:e.hand_count})}</span>
    <span class="row-links">
      <a class="btn small primary" href=${Zt(e.id)} data-testid=${r}>${L(`history.replay`)}</a>
      <a class="btn small ghost icon-btn" href=${`/api/matches/${encodeURIComponent(e.id)}/records.jsonl`} download=""
        aria-label=${L(`history.download`)} title=${L(`history.download`)}><${zt} name="download" size=${16} /></a>
    </span>
  </li>`}function On({token:e,user:t}){let{data:n,error:r,loading:i}=xn(e?`/history?limit=50`:null,e),a;return a=e?i?Y`<p class="muted">${L(`common.loading`)}</p>`:r?Y`<p class="message error">${en(r)}</p>`:n.matches?.length?Y`<ul class="history-list">
      ${n.matches.map(e=>Y`<${Dn} key=${e.id} match=${e} viewerId=${t?.id}
          testid=${`history-row-${e.id}`} replayTestid=${`open-replay-${e.id}`} />`)}
    </ul>`:Y`<p class="muted" data-testid="history-empty">${L(`history.empty`)}</p>`:Y`<p class="muted">${L(`history.signIn`)}</p>`,Y`<section class="panel" data-testid="history"><h2>${L(`nav.history`)}</h2>${a}</section>`}function kn({user:e}){let{data:t,error:n,loading:r}=xn(`/leaderboard?limit=50`,null),i=t?.entries||[],a;return a=r?Y`<p class="muted">${L(`common.loading`)}</p>`:n?Y`<p class="message error">${en(n)}</p>`:i.length?Y`<div class="table-scroll"><table class="data board">
      <thead><tr>
        <th scope="col">#</th><th scope="col">${L(`board.player`)}</th><th scope="col">${L(`board.rating`)}</th>
        <th scope="col">${L(`board.matches`)}</th><th scope="col">${L(`board.wins`)}</th>
      </tr></thead>
      <tbody>
        ${i.map(t=>Y`<tr key=${t.user_id} class=${t.user_id===e?.id?`me`:``} data-testid=${`board-row-${t.user_id}`}>
            <td>${t.rank}</td>
            <td class="who"><${yn} player=${{name:t.name,user_id:t.user_id}} testid=${`profile-link-${t.user_id}`} /></td>
            <td>${Math.round(t.rating)}</td><td>${t.matches}</td><td>${t.wins}</td>
          </tr>`)}
      </tbody>
    </table></div>`:Y`<p class="muted">${L(`board.empty`)}</p>`,Y`<section class="panel" data-testid="leaderboard"><h2>${L(`nav.leaderboard`)}</h2>${a}</section>`}var An=[`easy`,`medium`,`hard`,`expert`],jn=[`hello`,`good_luck`,`well_played`,`thanks`,`sorry`,`oops`,`hurry`,`good_game`,`rematch`,`bye`],Mn=[`exact11`,`to21`,`hands11`,`hands20`,`exact5`,`exact3`];function X({label:e,children:t,hidden:n=!1,class:r=``}){return Y`<label class=${`field${r?` ${r}`:``}`} hidden=${n}><span>${e}</span>${t}</label>`}function Nn({testid:e,presets:t=Mn,custom:n=!1,onChange:r}){return Y`<select name="rules" data-testid=${e} onChange=${r}>
    ${t.map(e=>Y`<option key=${e} value=${e} selected=${e===`exact11`}>${$t(e)}</option>`)}
    ${n?Y`<option value="custom">${L(`rules.custom`)}</option>`:null}
  </select>`}function Pn({testid:e}){return Y`<select name="level" data-testid=${e}>
    ${An.map(e=>Y`<option key=${e} value=${e} selected=${e===`medium`}>${L(`level.${e}`)}</option>`)}
  </select>`}function Fn(e){let{token:t}=e;return Y`<div class="lobby" data-testid="lobby">
    <${In} compact=${!!t} />
    ${t?Y`<${Rn} ...${e} />`:Y`<${Ln} ...${e} />`}
    <${Vn} ...${e} />
  </div>`}function In({compact:e}){return Y`<section class=${`hero${e?` compact`:``}`}>
    <div class="fan" aria-hidden="true">
      ${[`AO`,`3C`,`RE`,`CB`,`SO`].map((e,t)=>Y`<${wn} key=${e} class="fan-card" markup=${H(B(e))} style=${`--i:${t-2}`} />`)}
    </div>
    <div class="hero-text"><h1>${L(`hero.title`)}</h1><p>${L(`hero.text`)}</p></div>
  </section>`}function Ln({auth:e,pendingJoin:t,onAuth:n}){let[r,i]=G(`guest`);return Y`<section class="panel auth" aria-labelledby="auth-title">
    <h2 id="auth-title">${L(`auth.title`)}</h2>
    <p class="muted">${t?L(`auth.toJoin`,{code:t}):L(`auth.intro`)}</p>
    <div class="tabs" role="tablist">
      ${[`guest`,`login`,`register`].map(t=>Y`<button key=${t} class=${`tab${r===t?` active`:``}`} role="tab"
          aria-selected=${String(r===t)} data-testid=${`auth-tab-${t}`}
          onClick=${()=>{i(t),e.clear()}}>${L(`auth.tab.${t}`)}</button>`)}
    </div>
    ${r===`guest`?Y`<form key="guest" class="stack" onSubmit=${e=>{e.preventDefault();let t=e.currentTarget.elements.name.value.trim();t&&n(`guest`,{name:t})}}>
          <${X} label=${L(`auth.nickname`)}>
            <input name="name" maxlength="20" required autocomplete="nickname" data-testid="guest-name" />
          <//>
          <button class="btn primary" type="submit" disabled=${e.busy} data-testid="guest-submit">${L(`auth.playAsGuest`)}</button>
        </form>`:Y`<form key=${r} class="stack" onSubmit=${e=>{e.preventDefault();let t=e.currentTarget.elements;n(r,{name:t.name.value.trim(),password:t.password.value})}}>
          <${X} label=${L(`auth.name`)}>
            <input name="name" maxlength="20" required autocomplete="username" data-testid=${`${r}-name`} />
          <//>
          <${X} label=${L(`auth.password`)}>
            <input name="password" type="password" required
              autocomplete=${r===`login`?`current-password`:`new-password`} data-testid=${`${r}-password`} />
          <//>
          <button class="btn primary" type="submit" disabled=${e.busy} data-testid=${`${r}-submit`}>${L(`auth.${r}`)}</button>
        </form>`}
    <p class="message error" role="alert" data-testid="auth-error" hidden=${!e.error}>${e.error}</p>
  </section>`}function Rn(e){let{user:t,myTables:n,formError:r,run:i,joinByCode:a,onAuth:o,auth:s,conn:c,go:l}=e;return Y`<section class="panel play" aria-labelledby="play-title">
    <h2 id="play-title">${L(`lobby.play`)}</h2>
    ${r?Y`<p class="message error" role="alert" data-testid="lobby-error">${r}</p>`:null}
    <div class="play-grid">
      ${n.length?Y`<div class="card-panel resume">
            <h3>${L(`lobby.yourTables`)}</h3>
            ${n.map(e=>Y`<button key=${e} class="btn primary" data-testid="resume-table" onClick=${()=>l(`#/t/${e}`)}>${L(`lobby.resume`)}</button>`)}
          </div>`:null}
      <form class="card-panel" onSubmit=${e=>{e.preventDefault();let t=e.currentTarget.elements;i(c.command(`play_computer`,{options:{rules:t.rules.value,bot_level:t.level.value,public:!1,turn_time:0}}))}}>
        <h3>${L(`lobby.vsComputer`)}</h3>
        <p class="muted">${L(`lobby.vsComputerHelp`)}</p>
        <${X} label=${L(`lobby.level`)}><${Pn} testid="computer-level" /><//>
        <${X} label=${L(`lobby.rules`)}><${Nn} testid="computer-rules" /><//>
        <button class="btn primary" type="submit" data-testid="play-computer">${L(`lobby.playNow`)}</button>
      </form>
      <div class="card-panel">
        <h3>${L(`lobby.quickMatch`)}</h3>
        <p class="muted">${L(`lobby.quickMatchHelp`)}</p>
        <${zn} ...${e} />
      </div>
      <${Bn} run=${i} conn=${c} />
      <form class="card-panel" onSubmit=${e=>{e.preventDefault(),a(e.currentTarget.elements.code.value)}}>
        <h3>${L(`lobby.joinByCode`)}</h3>
        <div class="row">
          <input name="code" maxlength="16" required aria-label=${L(`table.inviteCode`)} placeholder=${L(`table.inviteCode`)}
            data-testid="join-code" autocomplete="off" />
          <button class="btn" type="submit" data-testid="join-submit">${L(`lobby.join`)}</button>
        </div>
      </form>
      ${t?.guest?Y`<form class="card-panel auth upgrade" data-testid="upgrade-form" onSubmit=${e=>{e.preventDefault();let t=e.currentTarget.elements;o(`register`,{name:t.name.value.trim(),password:t.password.value})}}>
            <h3>${L(`auth.upgradeTitle`)}</h3>
            <p class="muted">${L(`auth.upgradeText`)}</p>
            <${X} label=${L(`auth.name`)}>
              <input name="name" maxlength="20" required defaultValue=${t.name} autocomplete="username" data-testid="upgrade-name" />
            <//>
            <${X} label=${L(`auth.password`)}>
              <input name="password" type="password" required autocomplete="new-password" data-testid="upgrade-password" />
            <//>
            <button class="btn" type="submit" disabled=${s.busy} data-testid="upgrade-submit">${L(`auth.register`)}</button>
            <p class="message error" role="alert" data-testid="auth-error" hidden=${!s.error}>${s.error}</p>
          </form>`:null}
    </div>
  </section>`}function zn({queue:e,conn:t,setQueue:n,setFormError:r}){return e?Y`<div class="queue-box">
      <p data-testid="queue-status" role="status">${L(`lobby.queueWaiting`,{n:e.waiting,s:Math.ceil(e.fill_in)})}</p>
      <button class="btn ghost" data-testid="quick-match-cancel" onClick=${()=>{t.command(`quick_match`,{on:!1}).catch(()=>null),n(null)}}>${L(`common.cancel`)}</button>
    </div>`:Y`<div class="queue-box">
    <button class="btn primary" data-testid="quick-match" onClick=${()=>{r(null),t.command(`quick_match`,{on:!0}).catch(e=>r(e))}}>${L(`lobby.findMatch`)}</button>
  </div>`}function Bn({run:e,conn:t}){let[n,r]=G(!1),i=n=>{n.preventDefault();let r=n.currentTarget.elements,i=r.rules.value;i===`custom`&&(i=`exact${Math.max(3,Math.min(21,Number(r.target.value)||11))}`);let a=Number(r.seat.value),o=[];r.botPartner.checked&&o.push((a+2)%4),r.botOpponents.checked&&o.push((a+1)%4,(a+3)%4),e(t.command(`create_table`,{options:{rules:i,quintola:r.quintola.checked,turn_time:Number(r.turn.value),bot_level:r.level.value,public:r.public.checked},seat:a,bots:o}))},a=(e,t,n,r)=>Y`<label class="check">
    <input type="checkbox" name=${e} defaultChecked=${r} data-testid=${t} /><span>${n}</span>
  </label>`;return Y`<form class="card-panel" data-testid="create-form" onSubmit=${i}>
    <h3>${L(`lobby.createTable`)}</h3>
    <div class="grid2">
      <${X} label=${L(`lobby.rules`)}>
        <${Nn} testid="create-rules" presets=${Mn.slice(0,4)} custom onChange=${e=>r(e.currentTarget.value===`custom`)} />
      <//>
      <${X} label=${L(`lobby.target`)} hidden=${!n} class="target-field">
        <input name="target" type="number" min="3" max="21" defaultValue="11" data-testid="create-target" />
      <//>
      <${X} label=${L(`lobby.turnTime`)}>
        <select name="turn" data-testid="create-turn-time">
          ${[15,30,60,0].map(e=>Y`<option key=${e} value=${e} selected=${e===30}>${e?L(`lobby.seconds`,{n:e}):L(`lobby.noTimer`)}</option>`)}
        </select>
      <//>
      <${X} label=${L(`lobby.level`)}><${Pn} testid="create-bot-level" /><//>
      <${X} label=${L(`lobby.seat`)}>
        <select name="seat" data-testid="create-seat">
          ${[0,1,2,3].map(e=>Y`<option key=${e} value=${e}>${L(`table.seatN`,{n:e+1})}</option>`)}
        </select>
      <//>
    </div>
    ${a(`quintola`,`create-quintola`,L(`lobby.quintola`),!0)}
    ${a(`public`,`create-public`,L(`lobby.public`),!0)}
    ${a(`botPartner`,`create-bot-partner`,L(`lobby.botPartner`),!1)}
    ${a(`botOpponents`,`create-bot-opponents`,L(`lobby.botOpponents`),!1)}
    <button class="btn primary" type="submit" data-testid="create-table">${L(`lobby.create`)}</button>
  </form>`}function Vn({token:e,lobbyTables:t,online:n,run:r,conn:i,go:a}){let o=[...t.values()].filter(e=>e.status===`open`||e.status===`playing`);return Y`<div class="side-stack">
    <section class="panel tables" aria-labelledby="tables-title">
      <div class="panel-head">
        <h2 id="tables-title">${L(`lobby.openTables`)}</h2>
        ${typeof n==`number`?Y`<p class="online-count" data-testid="online-count" data-count=${n} role="status">
              <span class="online-dot" aria-hidden="true"></span>${L(`lobby.online`,{n})}
            </p>`:null}
      </div>
      ${o.length?Y`<ul class="table-list" data-testid="open-tables">
            ${o.map(t=>Y`<${Hn} key=${t.id} table=${t} token=${e} run=${r} conn=${i} go=${a} />`)}
          </ul>`:Y`<p class="muted" data-testid="no-tables">${L(`lobby.noTables`)}</p>`}
    </section>
    <details class="panel help" data-testid="how-to-play" open=${!e}>
      <summary>${L(`help.title`)}</summary>
      <ul>${[1,2,3,4,5,6].map(e=>Y`<li key=${e}>${L(`help.${e}`)}</li>`)}</ul>
    </details>
  </div>`}function Hn({table:e,token:t,run:n,conn:r,go:i}){let a=e.seats.filter(e=>!e.name).length,o=e.options?.bot_level||null;return Y`<li data-testid=${`table-row-${e.id}`}>
    <div class="row-main">
      <strong>${$t(e.options.rules)}</strong>
      <span class=${`status ${e.status}`}>${L(`lobby.status.${e.status}`)}</span>
      ${e.status===`playing`?Y`<span class="muted">${e.score[0]}–${e.score[1]}</span>`:null}
      <span class="muted">${L(`lobby.freeSeats`,{n:a})}</span>
    </div>
    <ul class="row-seats">
      ${e.seats.map(e=>{if(!e.name)return Y`<li key=${e.seat} class="seat-free muted">${L(`table.emptySeat`)}</li>`;let t=!!(e.level||e.bot&&!e.user),n=tn(e,o);return Y`<li key=${e.seat} class="seat-name-item">
          <${hn} name=${e.name} bot=${t} size=${20} /><${gn} text=${n} />
        </li>`})}
    </ul>
    ${t?Y`<div class="row-buttons">
          ${e.status===`open`&&a?Y`<button class="btn small primary" data-testid=${`join-${e.id}`} onClick=${()=>n(r.command(`join`,{table:e.id}))}>${L(`lobby.sit`)}</button>`:null}
          <button class="btn small ghost" data-testid=${`watch-${e.id}`} onClick=${()=>i(`#/t/${e.id}`)}>${L(`lobby.watch`)}</button>
        </div>`:null}
  </li>`}function Un({userId:e,me:t}){let{data:n,error:r,loading:i}=xn(`/players/${encodeURIComponent(e)}`,null);if(i)return Y`<section class="panel profile" data-testid="profile"><p class="muted">${L(`common.loading`)}</p></section>`;if(r){let e=r.code===`not_found`?L(`profile.notFound`):en(r);return Y`<section class="panel profile" data-testid="profile">
      <h2>${L(`profile.title`)}</h2><p class="message error" data-testid="profile-error">${e}</p>
    </section>`}let a=n,o=a.rating?Math.round(a.rating.rating):null,s=a.recent||[];return Y`<section class="panel profile" data-testid="profile">
    <div class="profile-head">
      <${hn} name=${a.name} size=${72} class="big" />
      <div class="profile-who">
        <h2 data-testid="profile-name"><${gn} text=${a.name} /></h2>
        <p class="muted">
          ${a.is_guest?Y`<span class="badge">${L(`auth.guest`)}</span> `:null}
          ${t?.id===a.id?Y`<span class="badge">${L(`profile.you`)}</span> `:null}
          ${a.created_at?L(`profile.since`,{date:bn(a.created_at)}):null}
        </p>
      </div>
    </div>
    <dl class="stats">
      <div><dt>${L(`board.rating`)}</dt><dd data-testid="profile-rating" class=${o===null?`words`:``}>
        ${o===null?L(`profile.unrated`):o}</dd></div>
      <div><dt>${L(`board.matches`)}</dt><dd data-testid="profile-matches">${a.matches}</dd></div>
      <div><dt>${L(`board.wins`)}</dt><dd data-testid="profile-wins">${a.wins}</dd></div>
    </dl>
    <h3>${L(`profile.recent`)}</h3>
    ${s.length?Y`<ul class="history-list" data-testid="profile-recent">
          ${s.map(e=>Y`<${Dn} key=${e.id} match=${e} viewerId=${a.id}
              testid=${`profile-match-${e.id}`} replayTestid=${`profile-replay-${e.id}`} />`)}
        </ul>`:Y`<p class="muted" data-testid="profile-no-matches">${L(`profile.noMatches`)}</p>`}
  </section>`}var Wn=[`bottom`,`right`,`top`,`left`],Gn=[`pass`,`solo`,`cuatrola`,`quintola`],Kn=/^[A3RCS][OCEB]$/,qn=(e,t)=>Wn[(e-t+4)%4];function Jn(e){let[t,n]=G({match:null,hands:null,error:null});return K(()=>{let t=!0,r=encodeURIComponent(e);return Promise.all([Wt(`GET`,`/matches/${r}`),Wt(`GET`,`/matches/${r}/steps`)]).then(([e,r])=>t&&n({match:e,hands:r.hands||[],error:null})).catch(e=>t&&n({match:null,hands:null,error:e})),()=>{t=!1}},[e]),t}function Yn({matchId:e,userId:t,onBack:n}){let{match:r,hands:i,error:a}=Jn(e),[o,s]=G({hand:0,step:0}),[c,l]=G(!1),u=i?.[o.hand]?.steps||[],d=u.length-1,f=e=>s(t=>({...t,step:Math.max(0,Math.min(d,e))})),p=e=>{i?.length&&s({hand:Math.max(0,Math.min(i.length-1,e)),step:0})};K(()=>{if(!c)return;if(o.step>=d){l(!1);return}let e=setTimeout(()=>f(o.step+1),900);return()=>clearTimeout(e)},[c,o,d]);let m=q(null);if(m.current=e=>{if(u.length&&!(e.target&&[`INPUT`,`SELECT`,`TEXTAREA`].includes(e.target.tagName))){if(e.key===`ArrowRight`)f(o.step+1);else if(e.key===`ArrowLeft`)f(o.step-1);else if(e.key===`PageDown`)p(o.hand+1);else if(e.key===`PageUp`)p(o.hand-1);else if(e.key===`Home`)f(0);else if(e.key===`End`)f(d);else return;e.preventDefault()}},K(()=>{let e=e=>m.current(e);return document.addEventListener(`keydown`,e),()=>document.removeEventListener(`keydown`,e)},[]),!r||!u.length){let e=a?en(a):L(i?`replay.empty`:`common.loading`);return Y`<section class="panel" data-testid="replay">
      <h2>${L(`replay.title`)}</h2>
      <p class=${a?`message error`:`muted`}>${e}</p>
      <button class="btn" data-testid="replay-back" onClick=${n}>${L(`nav.history`)}</button>
    </section>`}let h=r.players||[],g=h.find(e=>t&&e.user_id===t),_=g?g.seat:0,v=_&1,y=e=>{let t=h.find(t=>t.seat===e);return t&&tn(_n(t))||L(`table.seatN`,{n:e+1})},b=u[o.step],x=b.view,S=b.action&&Kn.test(b.action)&&!x.trick.length?x.tricks[x.tricks.length-1]:null,C=S?S.seats.map((e,t)=>[e,S.cards[t]]):x.trick,w=S?S.winner:null,T=o.step===d?x.summary:null,E=()=>{let e=b.action,t=y(b.seat);if(e==null)return L(`replay.deal`,{seat:y(x.dealer)});if(Gn.includes(e))return L(`log.bid`,{seat:t,bid:L(`bid.${e}`)});if(e.startsWith(`cante:`))return L(`log.cante`,{seat:t,suit:Qt(e.slice(6))});if(e===`nocante`)return L(`log.nocante`,{seat:t});let n=L(`log.card`,{seat:t,card:J(e)});return w===null?n:`${n} · ${L(`table.trickWonBy`,{seat:y(w)})}`},D=``;x.bidder!==null&&x.bidder!==void 0?D=L(`table.contractBy`,{contract:L(`bid.${x.contract}`),seat:y(x.bidder)}):(x.bids||[]).length===4&&(D=L(`table.plainHand`));let O=x.card_points||[0,0],ee=x.tricks_won||[0,0],k=x.score_before||[0,0],A=be.indexOf(x.trump),te=e=>{let t=h.find(t=>t.seat===e)||{name:``,seat:e},n=(e-x.mano+4)%4,r=n<(x.bids||[]).length?x.bids[n]:null,i=x.sitting_out===e;return Y`<div key=${e} class=${`rp-seat rp-${qn(e,_)}${i?` out`:``}${b.seat===e?` acting`:``}`}
      data-testid=${`replay-seat-${e}`}>
      <div class="rp-head">
        <${hn} name=${t.name} bot=${vn(t)} size=${22} />
        <${gn} text=${y(e)} />
        ${x.dealer===e?Y`<span class="badge dealer">${L(`table.dealerShort`)}</span>`:null}
        ${i?Y`<span class="badge out">${L(`table.sitsOut`)}</span>`:null}
        ${r?Y`<span class=${`badge bid bid-${r}`}>${L(`bid.${r}`)}</span>`:null}
      </div>
      <div class="rp-hand">
        ${b.hands[e].map(e=>Y`<${wn} key=${e} class="rp-mini" markup=${H(B(e))} label=${J(e)} />`)}
      </div>
    </div>`},j=(e,t,n,r,i,{after:a=!1,iconOnly:o=!1}={})=>Y`<button
      class=${`btn small${o?` icon-only`:``}`} data-testid=${e} onClick=${n} disabled=${r}
      aria-label=${t} title=${t}>
      ${a?null:Y`<${zt} name=${i} size=${16} />`}
      ${o?null:Y`<span>${t}</span>`}
      ${a?Y`<${zt} name=${i} size=${16} />`:null}
    </button>`;return Y`<section class="replay-screen" data-testid="replay">
    <header class="rp-bar">
      <div class="rp-title">
        <strong>${L(`replay.title`)}</strong>
        <span class="rules-tag">${$t(Sn(r.rules))}</span>
        <span class="rp-score" title=${L(`replay.scoreBefore`)}>${k[v]}–${k[1-v]}</span>
      </div>
      <div class="rp-info">
        <span class="trump-badge">
          ${A>=0?Y`<${wn} class="icon" markup=${Be(A)} />`:null}
          <span>${L(`table.trump`)}: ${A>=0?Qt(A):``}</span>
        </span>
        ${D?Y`<span class="contract">${D}</span>`:null}
        <span class="hand-score" data-testid="replay-points">
          ${L(`table.handPoints`,{us:O[v],them:O[1-v],ut:ee[v],tt:ee[1-v]})}
        </span>
      </div>
      <button class="btn small ghost" data-testid="replay-back" onClick=${n}>
        <${zt} name="back" size=${16} /> ${L(`replay.back`)}
      </button>
    </header>
    <div class="rp-felt">
      ${[0,1,2,3].map(te)}
      <div class="rp-center">
        <div class="rp-trick" data-testid="replay-trick">
          ${C.map(([e,t])=>Y`<${wn} key=${t} class=${`rp-card at-${qn(e,_)}${w===e?` winner`:``}`}
              markup=${H(B(t))} label=${`${y(e)}: ${J(t)}`} />`)}
        </div>
        ${x.trump_held?Y`<${wn} class="rp-trump" markup=${H(B(x.shown_card))} label=${L(`table.shownTrump`,{card:J(x.shown_card)})} />`:null}
      </div>
    </div>
    <p class="replay-event" data-testid="replay-event" aria-live="polite">${E()}</p>
    ${T?Y`<p class=${`replay-result ${T.winner===v?`good`:`bad`}`} data-testid="replay-result">
          ${T.winner===v?L(`summary.resultWe`,{points:T.game_points}):L(`summary.resultThey`,{points:T.game_points})}
        </p>`:null}
    <div class="replay-controls">
      <div class="rp-group">
        ${j(`replay-hand-prev`,L(`replay.prevHand`),()=>p(o.hand-1),o.hand===0,`first`)}
        <span class="replay-pos" data-testid="replay-hand">${L(`replay.handN`,{n:o.hand+1,total:i.length})}</span>
        ${j(`replay-hand-next`,L(`replay.nextHand`),()=>p(o.hand+1),o.hand>=i.length-1,`last`,{after:!0})}
      </div>
      <div class="rp-group">
        ${j(`replay-start`,L(`replay.start`),()=>f(0),o.step===0,`first`,{iconOnly:!0})}
        ${j(`replay-prev`,L(`replay.prev`),()=>f(o.step-1),o.step===0,`prev`)}
        <span class="replay-pos" data-testid="replay-step">${L(`replay.stepN`,{n:o.step,total:d})}</span>
        ${j(`replay-next`,L(`replay.next`),()=>f(o.step+1),o.step>=d,`next`,{after:!0})}
        ${j(`replay-end`,L(`replay.end`),()=>f(d),o.step>=d,`last`,{iconOnly:!0})}
        <button class="btn small primary" data-testid="replay-play" aria-pressed=${String(c)}
          aria-label=${L(c?`replay.pause`:`replay.play`)}
          onClick=${()=>l(!c&&o.step<d)}>
          <${zt} name=${c?`pause`:`play`} size=${16} /><span>${L(c?`replay.pause`:`replay.play`)}</span>
        </button>
      </div>
    </div>
    ${(x.cantes||[]).length?Y`<p class="muted rp-cantes">
          ${x.cantes.map(e=>L(`summary.canteLine`,{seat:y(e.seat),suit:Qt(e.suit),points:e.points})).join(` · `)}
        </p>`:null}
  </section>`}var Xn=`cuatrola.sound`,Zn={card:[[220,0,.07,`triangle`,.25],[160,.02,.06,`sine`,.18]],turn:[[660,0,.12,`sine`,.22],[880,.13,.16,`sine`,.22]],trick:[[392,0,.1,`triangle`,.2],[523,.09,.14,`triangle`,.2]],cante:[[523,0,.12,`square`,.08],[659,.11,.12,`square`,.08],[784,.22,.22,`square`,.08]],match:[[523,0,.18,`triangle`,.22],[659,.16,.18,`triangle`,.22],[784,.32,.18,`triangle`,.22],[1047,.48,.4,`triangle`,.22]]},Qn=null;function $n(){try{return localStorage.getItem(Xn)!==`off`}catch{return!0}}function er(e){try{localStorage.setItem(Xn,e?`on`:`off`)}catch{}tr=e}var tr=null;function nr(){return tr===null?$n():tr}function rr(e){let t=Zn[e];if(!t||!nr())return!1;let n=typeof window>`u`?null:window.AudioContext||window.webkitAudioContext;if(!n)return!1;try{Qn||=new n,Qn.state===`suspended`&&Qn.resume().catch(()=>null);let e=Qn.currentTime+.01;for(let[n,r,i,a,o]of t){let t=Qn.createOscillator(),s=Qn.createGain();t.type=a,t.frequency.value=n,s.gain.setValueAtTime(1e-4,e+r),s.gain.exponentialRampToValueAtTime(o,e+r+.01),s.gain.exponentialRampToValueAtTime(1e-4,e+r+i),t.connect(s).connect(Qn.destination),t.start(e+r),t.stop(e+r+i+.02)}return!0}catch{return!1}}Object.keys(Zn);var ir=[`pass`,`solo`,`cuatrola`,`quintola`],ar=[`bottom`,`right`,`top`,`left`];function or(e,t){return ar[(e-(t??0)+4)%4]}function Z(e){return e&1}function sr(e){return be.indexOf(e)}function cr(e,t){let n=sr(t),r=e=>{let t=B(e),r=Ne(t);return(r===n?10:r)*10+Pe(t)};return[...e].sort((e,t)=>r(e)-r(t))}var lr=/^[A3RCS][OCEB]$/,ur=300;function dr(){return{info:null,seat:null,view:null,chat:[],chatUnread:0,clock:null,log:[],announce:{},flash:null,lastTrick:null,summary:null,matchEnd:null,dialogs:{lastTrick:!1,summary:!1,matchEnd:!1,sheet:!1},sheet:{base:null,rows:[]},pending:null,message:null,cue:{id:0,sounds:[]},nextId:1}}function fr(e,t=1){return{first:e.nextId,nextId:e.nextId+t}}function Q(e){return e.seat!==null&&e.seat!==void 0}function pr(e,t=null){let n=e.view;return!(!n||!Q(e)||n.phase===`finished`||n.to_move!==e.seat||t&&n.phase!==t)}function mr(e,t){return!e||typeof e!=`object`?null:{seat:e.seat,remaining_ms:Math.max(0,Number(e.remaining_ms)||0),total_ms:Math.max(0,Number(e.total_ms)||0),at:t}}function hr(e,t){let n=[],r=t;if(!e)return{entries:n,nextId:r};n.push({id:r++,kind:`deal`,seat:e.dealer}),(e.bids||[]).forEach((t,i)=>{n.push({id:r++,kind:`bid`,seat:(e.mano+i)%4,action:t})}),(e.tricks||[]).forEach((t,i)=>{t.seats.forEach((e,i)=>n.push({id:r++,kind:`card`,seat:e,action:t.cards[i]})),n.push({id:r++,kind:`trick`,seat:t.winner});for(let t of e.cantes||[])t.trick===i&&n.push({id:r++,kind:`cante`,seat:t.seat,suit:t.suit,points:t.points})});for(let[t,i]of e.trick||[])n.push({id:r++,kind:`card`,seat:t,action:i});return{entries:n,nextId:r}}function gr(e,t){if(!t.length)return e.log;let n=[...e.log,...t];return n.length>ur?n.slice(n.length-ur):n}function _r(e,t,n){return n==null||!t||t.phase===`finished`||t.to_move!==n?!1:!e||e.to_move!==n||e.phase!==t.phase}function vr(e,t,n){let r=t.view||null,{entries:i,nextId:a}=hr(r,e.nextId),o=t.info||null,s=o?.status===`finished`,c=r?.tricks?.length?r.tricks[r.tricks.length-1]:null,l=null;if(`clock`in t)l=mr(t.clock,n);else if(t.timer){let e=Math.max(t.timer.seconds,o?.options?.turn_time||0)*1e3;l=mr({seat:t.timer.seat,remaining_ms:t.timer.seconds*1e3,total_ms:e},n)}return{...e,info:o,seat:t.seat??null,view:r,chat:(t.chat||[]).slice(-100),clock:l,log:i,nextId:a,announce:{},flash:null,lastTrick:c,summary:r?.summary||e.summary,matchEnd:s?{winner:o.score[0]>o.score[1]?0:1,score:o.score}:null,dialogs:{...e.dialogs,matchEnd:s},sheet:{base:o&&o.hands_played?{hands:o.hands_played,score:o.score}:null,rows:[]},pending:null,message:null}}function yr(e,t){let n=e.view,r=t.view,{seat:i,action:a}=t,o=e.seat,s=i===o&&Q(e),{nextId:c}=e,l=[],u=[],d=e.announce,{flash:f,lastTrick:p,message:m,pending:h}=e;if(s&&(h=null,m=t.auto?{key:`table.autoPlayed`,params:{move:a},kind:`warn`,move:!0}:null),ir.includes(a))l.push({id:c++,kind:`bid`,seat:i,action:a,auto:t.auto}),d={...d,[i]:{id:c++,kind:`bid`,bid:a}};else if(a===`nocante`)l.push({id:c++,kind:`nocante`,seat:i,auto:t.auto}),d={...d,[i]:{id:c++,kind:`nocante`}};else if(a.startsWith(`cante:`)){let e=a.slice(6),n=[...r.cantes||[]].reverse().find(t=>t.suit===e&&t.seat===i),o=n?n.points:e===r.trump?40:20;l.push({id:c++,kind:`cante`,seat:i,suit:e,points:o,auto:t.auto}),d={...d,[i]:{id:c++,kind:`cante`,suit:e,points:o}},u.push(`cante`)}else if(lr.test(a)){if(l.push({id:c++,kind:`card`,seat:i,action:a,auto:t.auto}),u.push(`card`),n&&r.tricks.length>(n.tricks?.length||0)){let e=r.tricks[r.tricks.length-1];l.push({id:c++,kind:`trick`,seat:e.winner}),f={id:c++,trick:e},p=e,d={...d,[e.winner]:{id:c++,kind:`trick`}},u.push(`trick`)}else f=null}_r(n,r,o)&&u.push(`turn`);let g=e.clock;return g&&g.seat===i&&(g=null),{...e,view:r,log:gr(e,l),announce:d,flash:f,lastTrick:p,message:m,pending:h,clock:g,cue:u.length?{id:e.cue.id+1,sounds:u}:e.cue,nextId:c}}function br(e,t,n){let r=t.body,i=e;if(r)switch(r.kind){case`seats`:i={...e,info:r.info};break;case`match_start`:i={...e,info:e.info&&{...e.info,score:[0,0],hands_played:0,status:`playing`},summary:null,matchEnd:null,dialogs:{...e.dialogs,summary:!1,matchEnd:!1},sheet:{base:null,rows:[]}};break;case`deal`:{let{first:t,nextId:n}=fr(e),a=_r(null,r.view,e.seat)?[`turn`]:[];i={...e,view:r.view,log:gr(e,[{id:t,kind:`deal`,seat:r.view.dealer}]),nextId:n,announce:{},flash:null,pending:null,message:null,cue:a.length?{id:e.cue.id+1,sounds:a}:e.cue};break}case`act`:i=yr(e,r);break;case`cantes_over`:i={...e,view:r.view,pending:null};break;case`hand_end`:{let t=r.summary,{first:n,nextId:a}=fr(e),o={hand:r.hands_played,contract:t.contract,bidder:t.bidder,points:t.points,winner:t.winner,game_points:t.game_points,score:r.score};i={...e,summary:t,info:e.info&&{...e.info,score:r.score,hands_played:r.hands_played},dialogs:{...e.dialogs,summary:!0},sheet:{...e.sheet,rows:[...e.sheet.rows,o]},log:gr(e,[{id:n,kind:`hand`,team:t.winner,points:t.game_points}]),nextId:a};break}case`match_end`:{let{first:t,nextId:n}=fr(e);i={...e,matchEnd:{winner:r.winner,score:r.score,hands_played:r.hands_played},info:e.info&&{...e.info,score:r.score,status:`finished`},dialogs:{...e.dialogs,matchEnd:!0},clock:null,log:gr(e,[{id:t,kind:`match`,team:r.winner,score:r.score}]),cue:{id:e.cue.id+1,sounds:[`match`]},nextId:n};break}case`chat`:i={...e,chat:[...e.chat,r].slice(-100),chatUnread:e.chatUnread+1};break;case`timer`:`clock`in t||(i={...e,clock:mr({seat:r.seat,remaining_ms:r.seconds*1e3,total_ms:r.seconds*1e3},n)})}return`clock`in t&&(i={...i,clock:mr(t.clock,n)}),i}function xr(e,t){let n=e.view;if(!n||!Q(e))return{key:`why.spectator`};if(n.phase===`finished`)return{key:`why.handOver`};if(n.to_move!==e.seat)return{key:`why.notYourTurn`};if(n.phase===`bidding`)return{key:`why.bidFirst`};if(n.phase===`cante`)return{key:`why.canteFirst`};if((n.legal||[]).includes(t))return null;let r=(n.illegal||[]).find(e=>e.card===t),i={follow_suit:`why.mustFollow`,follow_suit_beat:`why.mustBeat`,over_trump:`why.mustOvertrump`,must_trump:`why.mustTrump`};return r&&i[r.reason]?{key:i[r.reason],params:{suit:r.suit}}:{key:`why.illegal`}}function Sr(e,t){switch(t.type){case`sync`:return vr(e,t.msg,t.now??0);case`event`:return br(e,t.msg,t.now??0);case`presence`:return e.info?{...e,info:{...e.info,seats:e.info.seats.map(e=>e.seat===t.msg.seat?{...e,online:t.msg.online}:e)}}:e;case`play`:return e.pending?e:{...e,pending:{action:t.action},message:null,cue:lr.test(t.action)?{id:e.cue.id+1,sounds:[`card`]}:e.cue};case`refused`:return e.pending&&e.pending.action!==t.action?e:{...e,pending:null,message:{error:t.error,kind:`error`}};case`explain`:{let n=xr(e,t.code);return n?{...e,message:{...n,kind:`warn`}}:e}case`message`:return{...e,message:t.message};case`open`:return{...e,dialogs:{...e.dialogs,[t.dialog]:!0}};case`close`:return{...e,dialogs:{...e.dialogs,[t.dialog]:!1}};case`toggle`:return{...e,dialogs:{...e.dialogs,[t.dialog]:!e.dialogs[t.dialog]}};case`flashDone`:return e.flash&&e.flash.id===t.id?{...e,flash:null}:e;case`chatSeen`:return e.chatUnread?{...e,chatUnread:0}:e;default:return e}}function Cr(e){let t=e.view;if(!t||!Q(e))return[];let n=e.pending&&lr.test(e.pending.action)?e.pending.action:null;return cr((t.hand||[]).filter(e=>e!==n),t.trump)}function wr(e){let t=e.view;if(!t)return{plays:[],winner:null,finished:!1};let n=(t.trick||[]).map(([e,t])=>[e,t,!1]),r=e.pending&&lr.test(e.pending.action)?e.pending.action:null;if(r&&!n.some(([,e])=>e===r)&&n.push([e.seat,r,!0]),n.length)return{plays:n,winner:null,finished:!1};if(e.flash){let t=e.flash.trick;return{plays:t.seats.map((e,n)=>[e,t.cards[n],!1]),winner:t.winner,finished:!0}}return{plays:[],winner:null,finished:!1}}function Tr(e){let t=e.pending?[]:e.view?.legal||[];return{bids:t.filter(e=>ir.includes(e)),cantes:t.filter(e=>e.startsWith(`cante:`)),nocante:t.includes(`nocante`),cards:t.filter(e=>lr.test(e))}}function Er(e){if(!e)return[0,0];let t=[...e.card_points||[0,0]];for(let n of e.cantes||[])t[Z(n.seat)]+=n.points;return t}function Dr(e,t){return e?Math.max(0,e.remaining_ms-(t-e.at)):0}function Or(e){let t=e.dialogs,n=!!(t.summary&&e.summary);return{lastTrick:!!t.lastTrick,summary:n,matchEnd:!!(t.matchEnd&&e.matchEnd&&!n),sheet:!!t.sheet}}var $=It.bind(b);function kr(e){let t=e.seat,n=n=>n===t&&Q(e),r=t=>e.info?.seats?.find(e=>e.seat===t)||{seat:t},i=t=>t==null?``:tn(r(t),e.info?.options?.bot_level||`medium`)||L(`table.emptySeat`),a=e=>n(e)?L(`table.you`):i(e),o=(e,t,r={})=>n(e)&&ye(`${t}You`)?L(`${t}You`,r):L(t,{...r,seat:a(e)}),s=n=>Q(e)?n===Z(t)?L(`table.us`):L(`table.them`):L(`table.team`,{n:n+1}),c=(n,r)=>Q(e)?n===Z(t)?L(`summary.resultWe`,{points:r}):L(`summary.resultThey`,{points:r}):L(`summary.resultTeam`,{team:s(n),points:r});return{info:r,fullName:i,seatName:a,about:o,teamName:s,handResult:c,moveName:e=>ir.includes(e)?L(`bid.${e}`):e===`nocante`?L(`table.noCante`):e.startsWith(`cante:`)?Qt(e.slice(6)):J(e),contractText:(e,t)=>t==null?L(`table.plainHand`):o(t,`table.contractBy`,{contract:L(`bid.${e}`)}),logText:n=>{let r;switch(n.kind){case`deal`:r=o(n.seat,`log.deal`);break;case`bid`:r=o(n.seat,`log.bid`,{bid:L(`bid.${n.action}`)});break;case`card`:r=o(n.seat,`log.card`,{card:J(n.action)});break;case`trick`:r=o(n.seat,`table.trickWonBy`);break;case`cante`:r=o(n.seat,`log.sings`,{points:n.points,suit:Qt(n.suit)});break;case`nocante`:r=o(n.seat,`log.nocante`);break;case`hand`:r=c(n.team,n.points);break;case`match`:r=Q(e)?n.team===Z(t)?L(`match.youWon`):L(`match.youLost`):L(`match.teamWon`,{team:s(n.team)});break;default:r=``}return n.auto?`${r} (${L(`log.auto`)})`:r},myTeam:Q(e)?Z(t):0,mine:n}}function Ar({tag:e=`span`,markup:t,...n}){return b(e,{...n,dangerouslySetInnerHTML:{__html:t}})}function jr({suit:e}){return $`<${Ar} class="icon" markup=${Be(be.indexOf(e))} />`}function Mr({name:e}){return $`<svg class="ctl-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d=${{soundOn:`M3 9h4l5-4v14l-5-4H3z M15 8.5a5 5 0 0 1 0 7 M17.5 6a8.5 8.5 0 0 1 0 12`,soundOff:`M3 9h4l5-4v14l-5-4H3z M16 9l5 6 M21 9l-5 6`,chat:`M4 5h16v11H9l-5 4z`,log:`M5 6h14 M5 11h14 M5 16h9`,trick:`M7 4h8l2 2v12H7z M4 8v12h10`,hand:`M4 19l4-14 5 2-4 14z M13 7l5-1 2 13-6 1`,sheet:`M5 4h14v16H5z M5 9h14 M5 14h14 M11 4v16`}[e]} fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" />
  </svg>`}function Nr({clock:e,label:t=null,bar:n=!0}){let[r,i]=G(()=>Date.now());K(()=>{let e=setInterval(()=>i(Date.now()),250);return()=>clearInterval(e)},[e]);let a=Dr(e,r),o=Math.ceil(a/1e3),s=e.total_ms?Math.max(0,Math.min(100,a/e.total_ms*100)):0,c=L(`table.secondsLeft`,{n:o});return $`<span class="countdown">
    <span class=${`timer${o<=5?` urgent`:``}`} role="timer" aria-live="off"
      aria-label=${t?`${t}: ${c}`:c} data-testid="turn-timer" data-seconds=${o}
      data-seat=${e.seat}>${t?`${t} · `:``}${c}</span>
    ${n?$`<span class="timer-bar" aria-hidden="true"><span style=${{width:`${s}%`}} /></span>`:null}
  </span>`}var Pr=2600;function Fr({item:e,pos:t,w:n,seat:r,view:i}){let[a,o]=G(!0);if(K(()=>{o(!0);let e=setTimeout(()=>o(!1),Pr);return()=>clearTimeout(e)},[e.id]),!a||e.kind===`bid`)return null;let s;if(e.kind===`cante`){let t=[`R${e.suit}`,`C${e.suit}`];s=$`<span class="announce-text">${n.about(r,`table.singsShort`,{points:e.points})}</span>
      <span class="announce-cards">
        ${t.map(e=>$`<${Ar} key=${e} class="mini-face" role="img" aria-label=${J(e)} markup=${H(B(e))} />`)}
      </span>`}else if(e.kind===`nocante`)s=$`<span class="announce-text">${n.about(r,`table.noSingShort`)}</span>`;else if(e.kind===`trick`)s=$`<span class="announce-text">${n.about(r,`table.winsTrickShort`)}</span>`;else return null;return $`<div class=${`announce announce-${e.kind}${i?.trump&&e.suit===i.trump?` trump`:``}`}
    data-testid=${`announce-${t}`} data-kind=${e.kind}>${s}</div>`}function Ir({state:e,seat:t,w:n}){let r=e.view,i=n.info(t),a=or(t,e.seat),o=n.mine(t),s=!!(r&&r.to_move===t&&r.phase!==`finished`),c=r&&r.sitting_out===t,l=r?r.card_counts[t]:0,u=r?(t-r.mano+4)%4:-1,d=r&&u<r.bids.length?r.bids[u]:null;r&&r.phase!==`bidding`&&t!==r.bidder&&(d=null);let f=e.announce[t],p=f?.kind===`bid`?f.id:`bid`,m=e.clock&&e.clock.seat===t&&s?e.clock:null,h=n.fullName(t),g=!!(i.level||i.bot&&!i.user),_=f?.kind===`trick`;return $`<div
    class=${`seat seat-${a}${s?` turn`:``}${c?` out`:``}${o?` mine`:``}${_?` won`:``} team-${Z(t)}`}
    data-testid=${`seat-${a}`} data-seat=${t} role="group"
    aria-label=${L(`table.seatLabel`,{name:n.seatName(t),count:l})}>
    <div class="seat-head">
      ${i.name||i.level?$`<${hn} name=${i.name||``} bot=${g} size=${24} />`:null}
      <span class="seat-name" title=${h}>${o?L(`table.you`):h}</span>
    </div>
    <div class="seat-row">
      ${r&&r.dealer===t?$`<span class="badge dealer" title=${L(`table.dealer`)}>${L(`table.dealerShort`)}</span>`:null}
      ${r&&r.mano===t?$`<span class="badge mano" title=${L(`table.mano`)}>${L(`table.manoShort`)}</span>`:null}
      ${i.away?$`<span class="badge bot">${L(`table.away`)}</span>`:null}
      ${!i.bot&&i.name&&!i.online?$`<span class="badge offline">${L(`table.offline`)}</span>`:null}
      ${c?$`<span class="badge out" data-testid="sits-out">${L(`table.sitsOut`)}</span>`:null}
      ${!o&&l?$`<span class="backs" aria-hidden="true">
            ${Array.from({length:l},(e,t)=>$`<${Ar} key=${t} class="mini-card" markup=${H(null)} />`)}
            <span class="count" data-testid=${`count-${a}`}>${l}</span>
          </span>`:null}
      ${r&&r.trump_held&&r.dealer===t?$`<${Ar} tag="span" class="trump-card" data-testid="trump-card" role="img"
            aria-label=${L(`table.shownTrump`,{card:J(r.shown_card)})}
            title=${L(`table.shownTrump`,{card:J(r.shown_card)})} markup=${H(B(r.shown_card))} />`:null}
      ${d?$`<span key=${p} class=${`bid-bubble bid-${d}${f?.kind===`bid`?` fresh`:``}`}
            data-testid=${`bid-bubble-${a}`}>${L(`bid.${d}`)}</span>`:null}
      ${s?$`<span class="turn-flag">${L(o?`table.yourTurn`:`table.theirTurn`)}</span>`:null}
      ${m?$`<${Nr} clock=${m} />`:null}
    </div>
    ${f?$`<${Fr} key=${f.id} item=${f} pos=${a} w=${n} seat=${t} view=${r} />`:null}
  </div>`}function Lr({state:e,shown:t,w:n}){let r=e.view,{plays:i,winner:a,finished:o}=t,s=null;return!i.length&&r?.phase===`bidding`&&(s=L(`table.bidding`)),!i.length&&r?.phase===`finished`&&e.summary&&(s=n.handResult(e.summary.winner,e.summary.game_points)),$`<div class=${`trick${o?` finished`:``}`} data-testid="trick" role="group"
    aria-label=${L(`table.trick`)}>
    ${i.length?null:$`<div class="emblem" aria-hidden="true">
          ${[0,1,2,3].map(e=>$`<${Ar} key=${e} class=${`emblem-suit s${e}`} markup=${Be(e)} />`)}
        </div>`}
    ${i.map(([t,r,i])=>{let o=or(t,e.seat);return $`<${Ar} key=${r} tag="div"
        class=${`trick-card at-${o} enter-${o}${a===t?` winner`:``}${i?` pending`:``}`}
        data-testid=${`trick-card-${r}`} data-pending=${i?`true`:null} role="img"
        aria-label=${`${n.seatName(t)}: ${J(r)}`} markup=${H(B(r))} />`})}
    ${s?$`<div class=${`trick-note${r?.phase===`finished`?` result`:``}`} data-testid=${r?.phase===`finished`?`hand-result`:null}>${s}</div>`:null}
  </div>`}function Rr({state:e,w:t,conn:n,tableId:r,toast:i,sitAt:a,fail:o}){let s=e.info,c=`${location.origin}${location.pathname}#/join/${s.code}`,l=q(null);return $`<div class="waiting panel" data-testid="waiting">
    <h2>${L(`table.waiting`)}</h2>
    ${s.code?$`<div class="invite">
          <span>${L(`table.inviteCode`)}</span>
          <strong class="code" data-testid="invite-code">${s.code}</strong>
          <input ref=${l} class="link" readonly value=${c} data-testid="invite-link" aria-label=${L(`table.inviteLink`)} />
          <button class="btn small" data-testid="copy-link" onClick=${()=>{let e=()=>{l.current?.select(),i(L(`table.copyByHand`))};if(!navigator.clipboard)return e();navigator.clipboard.writeText(c).then(()=>i(L(`table.copied`)),e)}}>${L(`table.copy`)}</button>
        </div>`:null}
    <ul class="seat-list">
      ${s.seats.map(i=>$`<li key=${i.seat}>
          <span>${L(`table.seatN`,{n:i.seat+1})} · ${t.teamName(Z(i.seat))}</span>
          <span class="who" title=${i.name?t.seatName(i.seat):``}>${i.name?t.seatName(i.seat):L(`table.emptySeat`)}</span>
          ${!i.name&&Q(e)?$`<button class="btn small" data-testid=${`add-bot-${i.seat}`}
                onClick=${()=>n.command(`add_bot`,{table:r,seat:i.seat}).catch(o)}>${L(`table.addBot`)}</button>`:null}
          ${!i.name&&!Q(e)?$`<button class="btn small primary" data-testid=${`sit-${i.seat}`} onClick=${()=>a(i.seat)}>${L(`table.sitHere`)}</button>`:null}
        </li>`)}
    </ul>
  </div>`}function zr({state:e,legal:t,w:n,act:r,reclaim:i,bidHelp:a}){let o=e.view,s=o&&Q(e)&&o.to_move===e.seat&&o.phase!==`finished`,c={pass:`P`,solo:`S`,cuatrola:`C`,quintola:`Q`},l=null,u=[];s&&o.phase===`bidding`?(l=L(`table.yourBid`),u=ir.filter(e=>t.bids.includes(e)).map(e=>$`<button key=${e} class=${`btn bid ${e===`pass`?`ghost`:`primary`}`}
        data-testid=${`bid-${e}`} aria-keyshortcuts=${c[e]} title=${a(e)}
        aria-description=${a(e)} onClick=${()=>r(e)}>${L(`bid.${e}`)}</button>`)):s&&o.phase===`cante`?(l=L(`table.canSing`),u=t.cantes.map(e=>{let t=e.slice(6),n=t===o.trump?40:20;return $`<button key=${e} class="btn primary cante" data-testid=${`cante-${t}`} aria-keyshortcuts="K"
        onClick=${()=>r(e)}><${jr} suit=${t} /><span>${L(`table.sing`,{points:n,suit:Qt(t)})}</span></button>`}),t.nocante&&u.push($`<button key="nocante" class="btn ghost" data-testid="no-cante" aria-keyshortcuts="N"
        onClick=${()=>r(`nocante`)}>${L(`table.noCante`)}</button>`)):s&&o.phase===`play`?l=L(`table.playCard`):o&&o.phase===`cante`&&(o.to_move===null||o.to_move===void 0)?l=L(`table.canteWindow`):o&&o.phase!==`finished`&&o.to_move!==null&&o.to_move!==void 0&&(l=L(`table.waitingFor`,{seat:n.seatName(o.to_move)}));let d=e.message,f=null;if(d){if(d.error)f=en(d.error);else{let e={...d.params||{}};`suit`in e&&(e.suit=Qt(e.suit)),d.move&&(e.move=n.moveName(e.move)),f=L(d.key,e)}}return $`<div class="actions" data-testid="actions">
    ${l?$`<span class=${`prompt${s?``:` muted`}`}>${l}</span>`:null}
    ${u}
    ${Q(e)&&n.info(e.seat).away?$`<button class="btn primary" data-testid="reclaim" onClick=${i}>${L(`table.reclaim`)}</button>`:null}
    ${f?$`<span class=${`message ${d.kind}`} role="alert" data-testid="table-message">${f}</span>`:null}
  </div>`}function Br({state:e,cards:t,legal:n,selected:r,onPick:i}){let a=e.view;if(!Q(e))return $`<div class="hand spectator" data-testid="spectating">${L(`table.spectating`)}</div>`;if(!a)return $`<div class="hand" />`;let o=a.phase===`play`&&a.to_move===e.seat,s=a.sitting_out===e.seat;return $`<div class=${`hand${s?` out`:``}`} data-testid="hand" role="listbox" aria-orientation="horizontal"
    aria-label=${L(s?`table.yourHandOut`:`table.yourHand`)}>
    ${t.map((e,t)=>{let a=o&&n.cards.includes(e),s=[`card`];return o&&s.push(a?`legal`:`dim`),o&&t===r&&s.push(`selected`),$`<button key=${e} class=${s.join(` `)} data-testid=${`card-${e}`} data-card=${e}
        data-index=${t} data-legal=${String(a)} role="option" aria-selected=${String(t===r)}
        aria-label=${`${J(e)}${o&&!a?` (${L(`table.notPlayable`)})`:``}`}
        aria-keyshortcuts=${String(t+1)} tabindex=${t===r?`0`:`-1`}
        onClick=${()=>i(e,t)} dangerouslySetInnerHTML=${{__html:H(B(e))}} />`})}
  </div>`}function Vr({state:e,w:t}){let n=q(null),r=q(!0);return K(()=>{let e=n.current;e&&r.current&&(e.scrollTop=e.scrollHeight)},[e.log.length]),$`<section class="side-part log-part" aria-labelledby="game-log-title">
    <h2 class="side-title" id="game-log-title">${L(`table.log`)}</h2>
    <ol class="game-log" ref=${n} onScroll=${e=>{let t=e.currentTarget;r.current=t.scrollHeight-t.scrollTop-t.clientHeight<24}} role="log" aria-live="polite" aria-relevant="additions"
      data-testid="game-log">
      ${e.log.map(e=>$`<li key=${e.id} class=${`log-${e.kind}${e.seat!==void 0&&e.seat!==null?` team-${Z(e.seat)}`:``}`}
          data-kind=${e.kind}>${t.logText(e)}</li>`)}
    </ol>
  </section>`}function Hr({state:e,w:t,send:n,muted:r,toggleMute:i}){let a=q(null),o=q(null);K(()=>{let e=o.current;e&&(e.scrollTop=e.scrollHeight)},[e.chat.length]);let s=e=>{e.preventDefault();let t=a.current.value.trim();t&&(a.current.value=``,n({text:t.slice(0,200)}))},c=(e.info?.seats||[]).filter(t=>t.user&&t.seat!==e.seat);return $`<section class="side-part chat-part" aria-labelledby="chat-title">
    <h2 class="side-title" id="chat-title">${L(`chat.title`)}</h2>
    <ul class="chat-lines" ref=${o} data-testid="chat" aria-live="polite">
      ${e.chat.map((e,t)=>$`<li key=${t} class=${e.seat===null||e.seat===void 0?`spectator`:`team-${Z(e.seat)}`}>
          <strong>${e.name}: </strong><span>${e.phrase?L(`phrase.${e.phrase}`):e.text}</span>
        </li>`)}
    </ul>
    <div class="phrases">
      ${jn.map(e=>$`<button key=${e} class="chip" type="button" data-testid=${`phrase-${e}`} onClick=${()=>n({phrase:e})}>${L(`phrase.${e}`)}</button>`)}
    </div>
    <form class="chat-form" onSubmit=${s}>
      <input ref=${a} type="text" maxlength="200" data-testid="chat-input" aria-label=${L(`chat.placeholder`)}
        placeholder=${L(`chat.placeholder`)} autocomplete="off" />
      <button class="btn small" type="submit" data-testid="chat-send">${L(`chat.send`)}</button>
    </form>
    ${c.length?$`<div class="mutes">
          <span class="muted">${L(`chat.mute`)}</span>
          ${c.map(e=>$`<button key=${e.seat} class=${`chip${r.has(e.seat)?` on`:``}`} type="button"
              aria-pressed=${String(r.has(e.seat))} data-testid=${`mute-${e.seat}`} onClick=${()=>i(e.seat)}>${t.seatName(e.seat)}</button>`)}
        </div>`:null}
  </section>`}function Ur({state:e,w:t,open:n,onClose:r,send:i,muted:a,toggleMute:o}){let s=q(null);return K(()=>{n&&s.current?.offsetParent&&s.current.focus()},[n]),$`<aside class=${`side${n?` open`:``}`} data-testid="side" aria-label=${L(`table.sidePanel`)}>
    <button ref=${s} class="btn small ghost drawer-close" type="button" data-testid="side-close" onClick=${r}>${L(`common.close`)}</button>
    <${Vr} state=${e} w=${t} />
    <${Hr} state=${e} w=${t} send=${i} muted=${a} toggleMute=${o} />
  </aside>`}function Wr({testid:e,title:t,onClose:n,children:r,footer:i=null}){let a=q(null);return K(()=>{let e=a.current?.querySelector(`.btn.primary`),t=document.activeElement?.tagName===`INPUT`;e&&!t&&e.focus()},[]),$`<div class="overlay" data-testid=${`${e}-overlay`}>
    <div class="dialog" role="dialog" aria-modal="false" aria-labelledby=${`${e}-title`} data-testid=${e} ref=${a}>
      <h2 id=${`${e}-title`}>${t}</h2>
      ${r}
      <div class="dialog-foot">
        ${i}
        ${n?$`<button class="btn primary close" data-testid=${`${e}-close`} onClick=${n}>${L(`common.continue`)}</button>`:null}
      </div>
    </div>
  </div>`}function Gr({state:e,w:t,onClose:n}){let r=e.lastTrick;return $`<${Wr} testid="last-trick" title=${L(`table.lastTrick`)} onClose=${n}>
    ${r?$`<div class="card-row">
          ${r.seats.map((e,n)=>$`<figure key=${r.cards[n]} class=${r.winner===e?`winner`:``}>
              <${Ar} tag="div" class="card static" role="img" aria-label=${J(r.cards[n])} markup=${H(B(r.cards[n]))} />
              <figcaption title=${t.fullName(e)}>${t.seatName(e)}</figcaption>
            </figure>`)}
          <p class="muted">${t.about(r.winner,`table.trickWonBy`)}</p>
        </div>`:$`<p>${L(`table.noTrickYet`)}</p>`}
  </${Wr}>`}function Kr({state:e,w:t,onClose:n,myClock:r}){let i=e.summary,a=t.myTeam,o=(e,t,n,r)=>$`<tr data-testid=${r}><th scope="row">${e}</th><td>${t}</td><td>${n}</td></tr>`,s=i.cantes.length?i.cantes.map(e=>t.about(e.seat,`summary.canteLine`,{suit:Qt(e.suit),points:e.points})).join(` · `):L(`summary.noCantes`),c=Array.isArray(i.card_points)&&Array.isArray(i.cante_points),l=e=>i.last_trick===e?`+10`:`–`,u=i.winner===a,d=r?$`<span class="next-hand"><${Nr} clock=${r} label=${L(`summary.nextHandNeedsYou`)} bar=${!1} /></span>`:null;return $`<${Wr} testid="hand-summary" title=${L(`summary.title`)} onClose=${n} footer=${d}>
    <div class="summary">
      <p class=${`summary-result ${Q(e)?u?`good`:`bad`:``}`} data-testid="summary-result">
        ${t.handResult(i.winner,i.game_points)}
      </p>
      <p>${t.contractText(i.contract,i.bidder)}</p>
      <table class="summary-table">
        <thead><tr><th /><th scope="col">${t.teamName(a)}</th><th scope="col">${t.teamName(1-a)}</th></tr></thead>
        <tbody>
          ${c?o(L(`summary.cardPoints`),i.card_points[a],i.card_points[1-a],`summary-cards`):null}
          ${c&&i.last_trick!==void 0&&i.last_trick!==null?o(L(`summary.lastTrick`),l(a),l(1-a),`summary-last-trick`):null}
          ${c?o(L(`summary.cantePoints`),i.cante_points[a],i.cante_points[1-a],`summary-cante-points`):null}
          ${o(L(`summary.points`),i.points[a],i.points[1-a],`summary-points`)}
          ${o(L(`summary.tricks`),i.tricks[a],i.tricks[1-a],`summary-tricks`)}
          ${o(L(`summary.score`),i.score_after[a],i.score_after[1-a],`summary-score`)}
        </tbody>
      </table>
      <p class="muted">${L(`summary.cantes`)}: ${s}</p>
      ${i.dead_hand&&i.dead_hand.length?$`<div class="dead-hand" data-testid="dead-hand">
            <p>${i.sitting_out===e.seat&&Q(e)?L(`summary.deadHandYou`):L(`summary.deadHand`,{seat:t.seatName(i.sitting_out)})}</p>
            <div class="card-row small">
              ${i.dead_hand.map(e=>$`<${Ar} key=${e} tag="div" class="card static" role="img" aria-label=${J(e)} data-testid=${`dead-${e}`} markup=${H(B(e))} />`)}
            </div>
          </div>`:null}
    </div>
  </${Wr}>`}function qr({state:e,w:t,rematch:n,leave:r,openSheet:i}){let a=e.matchEnd,o=t.myTeam,s=Q(e),c=e.info?.rematch||[],l=s&&c.includes(e.seat);return $`<${Wr} testid="match-end" title=${L(`match.title`)} onClose=${null}>
    <div class="match-end">
      <p class=${`big ${s?a.winner===o?`good`:`bad`:``}`} data-testid="match-winner">
        ${s?a.winner===o?L(`match.youWon`):L(`match.youLost`):L(`match.teamWon`,{team:t.teamName(a.winner)})}
      </p>
      <p class="final" data-testid="final-score">${L(`match.final`,{us:a.score[o],them:a.score[1-o]})}</p>
      ${c.length?$`<p class="muted">${L(`match.rematchAccepted`,{names:c.map(e=>t.seatName(e)).join(`, `)})}</p>`:null}
      <div class="row">
        ${s?$`<button class="btn primary" data-testid="rematch" disabled=${l} onClick=${n}>
              ${L(l?`match.rematchWaiting`:`match.rematch`)}
            </button>`:null}
        <button class="btn ghost" data-testid="match-sheet" onClick=${i}>${L(`sheet.title`)}</button>
        <button class="btn ghost" data-testid="back-lobby" onClick=${r}>${L(`nav.lobby`)}</button>
      </div>
    </div>
  </${Wr}>`}function Jr({state:e,w:t,onClose:n}){let r=t.myTeam,{base:i,rows:a}=e.sheet,o=e.info?.score||[0,0];return $`<${Wr} testid="score-sheet" title=${L(`sheet.title`)} onClose=${n}>
    <div class="sheet-wrap">
      <table class="summary-table score-sheet">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">${L(`sheet.contract`)}</th>
            <th scope="col">${L(`sheet.handPoints`)}</th>
            <th scope="col">${L(`sheet.gamePoints`)}</th>
            <th scope="col">${L(`sheet.score`)}</th>
          </tr>
          <tr class="sheet-teams"><th /><th /><th>${t.teamName(r)}–${t.teamName(1-r)}</th><th /><th>${t.teamName(r)}–${t.teamName(1-r)}</th></tr>
        </thead>
        <tbody>
          ${i?$`<tr data-testid="sheet-base" class="sheet-base">
                <td colspan="4">${L(`sheet.before`,{n:i.hands})}</td>
                <td>${i.score[r]}–${i.score[1-r]}</td>
              </tr>`:null}
          ${a.map(e=>$`<tr key=${e.hand} data-testid=${`sheet-row-${e.hand}`}>
              <td>${e.hand}</td>
              <td>${t.contractText(e.contract,e.bidder)}</td>
              <td>${e.points[r]}–${e.points[1-r]}</td>
              <td class=${e.winner===r?`good`:`bad`}>${t.teamName(e.winner)} +${e.game_points}</td>
              <td>${e.score[r]}–${e.score[1-r]}</td>
            </tr>`)}
          ${!i&&!a.length?$`<tr><td colspan="5" class="muted">${L(`sheet.empty`)}</td></tr>`:null}
        </tbody>
        <tfoot><tr><th colspan="4" scope="row">${L(`table.matchScore`)}</th><td data-testid="sheet-total">${o[r]}–${o[1-r]}</td></tr></tfoot>
      </table>
    </div>
  </${Wr}>`}function Yr(e,t){let n=Er(e);return L(`table.handPoints`,{us:n[t],them:n[1-t],ut:e.tricks_won[t],tt:e.tricks_won[1-t]})}function Xr(){try{return localStorage.getItem(`cuatrola.speed`)===`fast`}catch{return!1}}var Zr=1300,Qr=`(min-width: 1100px)`;function $r({conn:e,tableId:t,onLeave:n,toast:r=()=>{}}){let[i,a]=Ct(Sr,void 0,dr),[,o]=G(0),[s,c]=G(e.status),[l,u]=G(!1),[d,f]=G(()=>typeof matchMedia!=`function`||matchMedia(Qr).matches),[p,m]=G(()=>new Set),[h,g]=G($n),[_,v]=G(0),y=q(0),b=Et(e=>{y.current=e,v(e)},[]),[x,S]=G(null),C=q(i);C.current=i,K(()=>{let n=[e.on(`sync`,e=>e.table===t&&a({type:`sync`,msg:e,now:Date.now()})),e.on(`event`,e=>e.table===t&&a({type:`event`,msg:e,now:Date.now()})),e.on(`presence`,e=>e.table===t&&a({type:`presence`,msg:e})),e.on(`state`,e=>c(e.status)),ve(()=>o(e=>e+1))];return c(e.status),e.subscribe(t,{fresh:!0}).catch(e=>S(e)),()=>{for(let e of n)e();e.unsubscribe(t)}},[e,t]),K(()=>{if(typeof matchMedia!=`function`)return;let e=matchMedia(Qr),t=()=>f(e.matches);return e.addEventListener(`change`,t),()=>e.removeEventListener(`change`,t)},[]),K(()=>{if(!i.flash)return;let e=i.flash.id,t=setTimeout(()=>a({type:`flashDone`,id:e}),Xr()?300:Zr);return()=>clearTimeout(t)},[i.flash?.id]),K(()=>{for(let e of i.cue.sounds)rr(e)},[i.cue.id]);let w=d||l;K(()=>{w&&i.chatUnread&&a({type:`chatSeen`})},[w,i.chatUnread]);let T=pr(i);K(()=>{let e=L(`app.title`),t=()=>{let t=T&&document.hidden?L(`table.yourTurnTitle`):null;t?document.title!==t&&(document.title=t):document.title===L(`table.yourTurnTitle`)&&(document.title=e)};return t(),document.addEventListener(`visibilitychange`,t),()=>{document.removeEventListener(`visibilitychange`,t),document.title===L(`table.yourTurnTitle`)&&(document.title=e)}},[T]);let E=Et(e=>a({type:`message`,message:{error:{code:e?.code,message:e?.message},kind:`error`}}),[]),D=Et(n=>{let r=C.current;if(r.pending||!pr(r))return;a({type:`play`,action:n});let i=e.tables.get(t)??void 0;e.command(`act`,{table:t,action:n,seq:i}).catch(e=>a({type:`refused`,action:n,error:{code:e?.code,message:e?.message}}))},[e,t]),O=Et((e,t)=>{let n=C.current;b(t),!n.pending&&Tr(n).cards.includes(e)?D(e):n.pending||a({type:`explain`,code:e})},[D]),ee=Et(n=>e.command(`chat`,{table:t,...n}).catch(E),[e,t,E]),k=Et(n=>{let r=!p.has(n);e.command(`mute`,{table:t,seat:n,on:r}).then(()=>m(e=>{let t=new Set(e);return r?t.add(n):t.delete(n),t})).catch(E)},[e,t,p,E]),A=Et(n=>e.command(`join`,{table:t,seat:n}).then(()=>e.subscribe(t,{fresh:!0})).catch(E),[e,t,E]),te=Et(()=>{let r=C.current;if(Q(r)){if(r.info?.status===`playing`&&!window.confirm(L(`table.leaveConfirm`)))return;e.command(`leave`,{table:t}).catch(()=>null),n(!0)}else n(!1)},[e,t,n]),j=e=>e===`cuatrola`&&i.info?.options?.quintola===!1?L(`bidHelp.cuatrolaAll`):L(`bidHelp.${e}`),M=()=>{let e=!h;er(e),g(e)},N=kr(i),ne=Cr(i),re=Tr(i),P=wr(i),ie=Or(i),F=i.view,ae=F&&pr(i,`play`)?`${F.tricks.length}/${F.trick.length}`:null;wt(()=>{if(!ae)return;let e=ne.findIndex(e=>re.cards.includes(e));e>=0&&b(e);let t=document.activeElement;t&&t!==document.body&&t.id!==`app`&&!t.closest?.(`.hand`)||document.querySelector(`.overlay`)||document.querySelector(`.hand .card[data-index="${Math.max(e,0)}"]`)?.focus()},[ae]);let oe=Math.min(_,Math.max(0,ne.length-1)),se=q(null);se.current=e=>{let t=C.current;if(!t.view)return;let n=Or(t);if(e.key===`Escape`){n.summary?a({type:`close`,dialog:`summary`}):n.lastTrick?a({type:`close`,dialog:`lastTrick`}):n.sheet?a({type:`close`,dialog:`sheet`}):l&&u(!1);return}let r=e.target;if(r&&[`INPUT`,`TEXTAREA`,`SELECT`].includes(r.tagName)||e.ctrlKey||e.metaKey||e.altKey)return;let i=e.key.toLowerCase();if(i===`l`&&t.lastTrick){a({type:`toggle`,dialog:`lastTrick`});return}if(!Q(t))return;let o=Cr(t);if(t.view.phase===`play`&&o.length){let t=e=>{b(e),document.querySelector(`.hand .card[data-index="${e}"]`)?.focus()};if(e.key===`ArrowRight`||e.key===`ArrowLeft`){e.preventDefault();let n=e.key===`ArrowRight`?1:-1;t((Math.min(y.current,o.length-1)+n+o.length)%o.length);return}if(/^[1-5]$/.test(e.key)&&Number(e.key)<=o.length){e.preventDefault(),t(Number(e.key)-1);return}if((e.key===`Enter`||e.key===` `)&&r?.classList?.contains(`card`))return;if(e.key===`Enter`){e.preventDefault();let t=Math.min(y.current,o.length-1);O(o[t],t);return}}let s=Tr(t);if(t.view.phase===`bidding`&&pr(t)){let t={p:`pass`,s:`solo`,c:`cuatrola`,q:`quintola`};t[i]&&s.bids.includes(t[i])&&(e.preventDefault(),D(t[i]))}else t.view.phase===`cante`&&pr(t)&&(i===`n`&&s.nocante?(e.preventDefault(),D(`nocante`)):i===`k`&&s.cantes.length&&(e.preventDefault(),D(s.cantes[0])))},K(()=>{let e=e=>se.current(e);return document.addEventListener(`keydown`,e),()=>document.removeEventListener(`keydown`,e)},[]);let ce=Tt(()=>i.clock&&Q(i)&&i.clock.seat===i.seat&&pr(i)?i.clock:null,[i.clock,i.seat,i.view]);if(!i.info)return $`<section class="table-screen loading" data-testid="table-loading">
      <p class="muted">${x?en(x):L(`table.loading`)}</p>
      <button class="btn" data-testid="back-lobby" onClick=${()=>n(!1)}>${L(`nav.lobby`)}</button>
    </section>`;let I=i.info,le=N.myTeam,ue=I.score||[0,0],de=F?.phase||`waiting`,fe=!F||I.status===`open`,pe=I.status===`closed`,me=e=>$`<div class=${`score team-${e===le?`us`:`them`}`}>
    <span class="score-label">${N.teamName(e)}</span>
    <span class="score-value" data-testid=${`score-team-${e}`}>${ue[e]}</span>
  </div>`,he=$`<header class="table-bar">
    <div class="match-score" data-testid="match-score" aria-label=${L(`table.matchScore`)}>
      ${me(le)}<span class="score-sep">–</span>${me(1-le)}
      <span class="rules-tag">${$t(I.options?.rules||`exact11`)}</span>
    </div>
    <div class="hand-info">
      ${F?$`<span class="trump-badge" data-testid="trump" title=${L(`table.trump`)}>
              <${Ar} class="icon" markup=${Be(be.indexOf(F.trump))} />
              <span class="trump-label">${L(`table.trump`)}:</span>
              <span>${Qt(F.trump)}</span>
            </span>
            ${F.contract!==`pass`||F.phase!==`bidding`?$`<span class="contract" data-testid="contract">${F.phase===`bidding`&&(F.bidder===null||F.bidder===void 0)?``:N.contractText(F.contract,F.bidder)}</span>`:null}
            <span class="hand-score" data-testid="hand-score">${Yr(F,le)}</span>`:null}
    </div>
    <div class="bar-buttons" data-testid="bar-buttons">
      ${I.code?$`<span class="code-tag" data-testid="table-code" title=${L(`table.inviteCode`)}>${I.code}</span>`:null}
      <button class="btn small ghost labelled" data-testid="last-trick-btn" disabled=${!i.lastTrick} aria-keyshortcuts="L"
        title=${L(`table.lastTrick`)} onClick=${()=>a({type:`toggle`,dialog:`lastTrick`})}>
        <${Mr} name="trick" /><span class="btn-label">${L(`table.lastTrick`)}</span>
      </button>
      ${i.summary?$`<button class="btn small ghost labelled" data-testid="last-hand-btn" title=${L(`table.lastHand`)}
            onClick=${()=>a({type:`open`,dialog:`summary`})}>
            <${Mr} name="hand" /><span class="btn-label">${L(`table.lastHand`)}</span>
          </button>`:null}
      <button class="btn small ghost icon-btn" data-testid="score-sheet-btn" title=${L(`sheet.title`)} aria-label=${L(`sheet.title`)}
        onClick=${()=>a({type:`open`,dialog:`sheet`})}><${Mr} name="sheet" /></button>
      <button class="btn small ghost icon-btn" data-testid="sound-toggle" aria-pressed=${String(!h)}
        title=${L(h?`table.soundMute`:`table.soundUnmute`)} aria-label=${L(`table.soundMute`)}
        onClick=${M}><${Mr} name=${h?`soundOn`:`soundOff`} /></button>
      <button class="btn small ghost icon-btn drawer-toggle" data-testid="chat-toggle" aria-expanded=${String(l)}
        title=${L(`table.sidePanel`)} aria-label=${L(`table.sidePanel`)} onClick=${()=>u(!l)}>
        <${Mr} name="chat" />
        ${i.chatUnread?$`<span class="unread" data-testid="chat-unread" aria-label=${L(`chat.unread`,{n:i.chatUnread})}>${i.chatUnread}</span>`:null}
      </button>
      <button class="btn small ghost" data-testid="leave-table" onClick=${te}>
        ${Q(i)?L(`table.leave`):L(`table.stopWatching`)}
      </button>
    </div>
  </header>`,ge;return ge=pe?$`<div class="felt waiting-state" data-testid="felt">
      <div class="waiting panel" data-testid="table-closed">
        <h2>${L(`table.closed`)}</h2>
        <button class="btn primary" data-testid="back-lobby" onClick=${()=>n(!1)}>${L(`nav.lobby`)}</button>
      </div>
    </div>`:fe?$`<div class="felt waiting-state" data-testid="felt">
      <${Rr} state=${i} w=${N} conn=${e} tableId=${t} toast=${r} sitAt=${A} fail=${E} />
    </div>`:$`<div class="felt" data-testid="felt">
      ${[0,1,2,3].map(e=>$`<${Ir} key=${e} state=${i} seat=${e} w=${N} />`)}
      <div class="center"><${Lr} state=${i} shown=${P} w=${N} /></div>
    </div>`,$`<section class=${`table-screen phase-${de}${fe||pe?` waiting-room`:``}`} data-testid="table"
    data-phase=${de} data-seat=${i.seat??`spectator`}>
    <div class="conn-banner" role="status" data-testid="conn-status" hidden=${s===`open`}>
      ${s===`open`?``:L(`conn.reconnecting`)}
    </div>
    ${he}
    <div class="table-main">
      <div class="felt-wrap">
        ${ge}
        <${zr} state=${i} legal=${re} w=${N} act=${D} bidHelp=${j}
          reclaim=${()=>e.command(`reclaim`,{table:t}).catch(E)} />
        <${Br} state=${i} cards=${ne} legal=${re} selected=${oe} onPick=${O} />
      </div>
      <${Ur} state=${i} w=${N} open=${l} onClose=${()=>u(!1)} send=${ee} muted=${p} toggleMute=${k} />
    </div>
    <div class="sr-only" aria-live="polite" data-testid="announce">${ei(i)}</div>
    ${ie.lastTrick?$`<${Gr} state=${i} w=${N} onClose=${()=>a({type:`close`,dialog:`lastTrick`})} />`:null}
    ${ie.summary?$`<${Kr} state=${i} w=${N} myClock=${ce} onClose=${()=>a({type:`close`,dialog:`summary`})} />`:null}
    ${ie.matchEnd?$`<${qr} state=${i} w=${N} leave=${te} openSheet=${()=>a({type:`open`,dialog:`sheet`})}
          rematch=${()=>e.command(`rematch`,{table:t,accept:!0}).catch(E)} />`:null}
    ${ie.sheet?$`<${Jr} state=${i} w=${N} onClose=${()=>a({type:`close`,dialog:`sheet`})} />`:null}
  </section>`}function ei(e){return pr(e)?L(`table.yourTurn`):``}function ti(e){return Y`<${$r} ...${e} />`}var ni={conn:null,user:null};function ri(e){location.hash!==e&&(location.hash=e)}function ii(e){return e?e.key?L(e.key):en(e):``}function ai(e){let[t,n]=G(()=>navigator.onLine!==!1),[r,i]=G(!1),a=q(null);return a.current=async()=>{try{let e=await fetch(`/healthz`,{cache:`no-store`});i(!e.ok)}catch{i(!0)}},K(()=>{let e=()=>n(!0),t=()=>n(!1);return window.addEventListener(`online`,e),window.addEventListener(`offline`,t),a.current(),()=>{window.removeEventListener(`online`,e),window.removeEventListener(`offline`,t)}},[]),K(()=>{if(e)return e.on(`state`,({status:t})=>{t===`open`?i(!1):t===`reconnecting`&&e.retry>=2&&a.current()})},[e]),K(()=>{if(t&&!r)return;let e=setInterval(()=>a.current(),4e3);return()=>clearInterval(e)},[t,r]),{offline:!t||r,retry:()=>a.current()}}function oi({onRetry:e}){return Y`<div class="offline-banner" role="alert" data-testid="offline">
    <${zt} name="offline" size=${28} />
    <div class="offline-text">
      <strong>${L(`offline.title`)}</strong>
      <span>${L(`offline.text`)}</span>
    </div>
    <button class="btn small" data-testid="offline-retry" onClick=${e}>${L(`offline.retry`)}</button>
  </div>`}function si(){let[e,t]=G(()=>Jt(location.hash)),[,n]=G(0),[r,i]=G(Vt),a=q(null),[o,s]=G(null),[c,l]=G(null),[u,d]=G(null),[f,p]=G([]),[m,h]=G(()=>new Map),[g,_]=G(null),[v,y]=G(null),[b,x]=G(`idle`),[S,C]=G(null),[w,T]=G(null),[E,D]=G({busy:!1,error:null}),[O,ee]=G([]),k=q(`#/`),A=ai(o);ni.user=c,K(()=>{document.title=L(`app.title`);let e=ve(()=>{document.title=L(`app.title`),n(e=>e+1)}),t=ut(()=>n(e=>e+1));return()=>{e(),t()}},[]),K(()=>{let e=location.hash||`#/`,n=()=>{k.current=e,e=location.hash||`#/`,t(Jt(location.hash))};return window.addEventListener(`hashchange`,n),()=>window.removeEventListener(`hashchange`,n)},[]),K(()=>{document.body.dataset.route=e.name,e.name!==`lobby`&&e.name!==`join`&&C(null)},[e.name]);let te=e=>{e&&Wt(`POST`,`/logout`).catch(()=>null),Ht(null),i(null),l(null),d(null),p([]),h(new Map),_(null),y(null),ri(`#/`)};K(()=>{if(!r){ni.conn=null,s(null),x(`idle`);return}let e=new qt(r);ni.conn=e;let t=[e.on(`welcome`,e=>{l(e.user),p(e.tables||[]),e.user.guest||Wt(`GET`,`/me`,void 0,r).then(e=>d(e.rating?e.rating.rating:null)).catch(()=>null)}),e.on(`unauthorized`,()=>{a.current!==r&&te(!1)}),e.on(`lobby`,e=>{h(new Map(e.tables.map(e=>[e.id,e]))),typeof e.online==`number`&&_(e.online)}),e.on(`lobby_update`,e=>h(t=>{let n=new Map(t);return e.removed?n.delete(e.table.id):n.set(e.table.id,e.table),n})),e.on(`online`,e=>typeof e.players==`number`&&_(e.players)),e.on(`queue`,e=>y(e.on?e:null)),e.on(`seated`,e=>{y(null),ri(`#/t/${e.table}`)}),e.on(`state`,({status:e})=>x(e))];return e.lobbyOn=Jt(location.hash).name===`lobby`,e.connect(),s(e),()=>{for(let e of t)e();e.close()}},[r]),K(()=>{r&&!c&&Wt(`GET`,`/me`,void 0,r).then(e=>l(t=>t||{id:e.id,name:e.name,guest:e.is_guest})).catch(()=>null)},[r]),K(()=>{o&&o.lobby(e.name===`lobby`)},[o,e.name]);let j=async e=>{C(null);try{let t=await e;t&&t.table&&(p(e=>e.includes(t.table)?e:[...e,t.table]),ri(`#/t/${t.table}`))}catch(e){C(e.code===`already_seated`?{key:`error.already_seated`}:e)}},M=(e,t=o)=>{let n=String(e).trim().toUpperCase();/^[A-Z0-9]{1,16}$/.test(n)?t&&j(t.command(`join`,{code:n})):C({key:`lobby.badCode`})};K(()=>{e.name===`join`&&(r?o&&(ri(`#/`),M(e.code,o)):T(e.code))},[e,r,o]),K(()=>{if(o&&w){let e=w;T(null),M(e,o)}},[o,w]),K(()=>{e.name===`table`&&!r&&ri(`#/`)},[e.name,r]);let N=async(e,t)=>{D({busy:!0,error:null});try{e===`register`&&(a.current=r);let n=await Wt(`POST`,`/${e}`,t,e===`register`?r:null);Ht(n.token),l({id:n.user.id,name:n.user.name,guest:n.user.is_guest}),D({busy:!1,error:null}),i(n.token)}catch(e){a.current=null,D({busy:!1,error:e})}},ne=e=>{let t=`${Date.now()}-${Math.random()}`;ee(n=>[...n,{id:t,text:e}]),setTimeout(()=>ee(e=>e.filter(e=>e.id!==t)),4e3)},re={busy:E.busy,error:ii(E.error),clear:()=>D(e=>({...e,error:null}))},P;switch(e.name){case`table`:P=r&&o?Y`<${ti} key=${`${e.id}:${r}`} conn=${o} tableId=${e.id} me=${c} go=${ri} toast=${ne}
              onLeave=${t=>{t&&p(t=>t.filter(t=>t!==e.id)),ri(`#/`)}} />`:null;break;case`leaderboard`:P=Y`<${kn} user=${c} />`;break;case`history`:P=Y`<${On} token=${r} user=${c} />`;break;case`replay`:P=Y`<${Yn} key=${e.id} matchId=${e.id} userId=${c?.id}
        onBack=${()=>ri(/^#\/(player|history)/.test(k.current)?k.current:`#/history`)} />`;break;case`player`:P=Y`<${Un} key=${e.id} userId=${e.id} me=${c} />`;break;default:P=Y`<${Fn} token=${r} user=${c} conn=${o} myTables=${f} lobbyTables=${m}
        online=${g} queue=${v} setQueue=${y} formError=${ii(S)}
        setFormError=${C}
        pendingJoin=${w} auth=${re} onAuth=${N} run=${j} joinByCode=${M} go=${ri} />`}return Y`
    <a class="skip-link" href="#app" onClick=${e=>{e.preventDefault(),document.getElementById(`app`)?.focus()}}>${L(`nav.skip`)}</a>
    <${Tn} token=${r} user=${c} rating=${u} connStatus=${b} offline=${A.offline}
      onSignOut=${()=>te(!0)} />
    ${A.offline?Y`<${oi} onRetry=${A.retry} />`:null}
    <main id="app" tabindex="-1">${P}</main>
    <div class="toasts" aria-live="polite">
      ${O.map(e=>Y`<div key=${e.id} class="toast" role="status" data-testid="toast">${e.text}</div>`)}
    </div>`}async function ci(){ct(),await ge(he(),{remember:!1});let e=document.getElementById(`root`);ce(b(si,{}),e),document.body.dataset.ready=`true`,`serviceWorker`in navigator&&navigator.serviceWorker.register(`/sw.js`).catch(e=>console.warn(`service worker:`,e))}ci().catch(e=>{console.error(e);let t=document.getElementById(`root`),n=document.createElement(`p`);n.className=`message error boot-error`,n.textContent=L(`error.generic`)===`error.generic`?`Cuatrola: ${e}`:`${L(`error.generic`)} (${e})`,t.replaceChildren(n)}),window.cuatrola={app:ni};