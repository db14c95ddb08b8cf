from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_activity_response_200_data_item_kind import ListActivityResponse200DataItemKind
from ..models.list_activity_response_200_data_item_payment_method import ListActivityResponse200DataItemPaymentMethod
from ..models.list_activity_response_200_data_item_role import ListActivityResponse200DataItemRole

if TYPE_CHECKING:
    from ..models.list_activity_response_200_data_item_details_type_0_type_0 import (
        ListActivityResponse200DataItemDetailsType0Type0,
    )
    from ..models.list_activity_response_200_data_item_details_type_0_type_1 import (
        ListActivityResponse200DataItemDetailsType0Type1,
    )
    from ..models.list_activity_response_200_data_item_details_type_0_type_2 import (
        ListActivityResponse200DataItemDetailsType0Type2,
    )


T = TypeVar("T", bound="ListActivityResponse200DataItem")


@_attrs_define
class ListActivityResponse200DataItem:
    """
    Attributes:
        order_id (int):
        kind (ListActivityResponse200DataItemKind):
        domain (str):
        status (str):
        role (ListActivityResponse200DataItemRole): payer: the caller paid or acted (the seller of a sale, the bidder of
            an offer); owner: the domain went to the caller
        payer_id (None | str): The account that paid or acted, when it is the caller or an agent it claimed (role payer
            or both); else null
        owner_id (None | str): The account the domain went to, when it is the caller or an agent it claimed (role owner
            or both); else null
        payment_method (ListActivityResponse200DataItemPaymentMethod):
        years (int | None):
        amount_gems (int | None):
        amount (None | str): USD decimal string ("15.00") for machine payments and pathUSD market orders, else null
        currency (None | str): `gems`, or the stablecoin (`pathUSD`; `pathusd` on market orders)
        payment_reference (None | str):
        reseller_channel (None | str):
        details (ListActivityResponse200DataItemDetailsType0Type0 | ListActivityResponse200DataItemDetailsType0Type1 |
            ListActivityResponse200DataItemDetailsType0Type2 | None):
        created_at (str): ISO 8601 timestamp with milliseconds and Z
    """

    order_id: int
    kind: ListActivityResponse200DataItemKind
    domain: str
    status: str
    role: ListActivityResponse200DataItemRole
    payer_id: None | str
    owner_id: None | str
    payment_method: ListActivityResponse200DataItemPaymentMethod
    years: int | None
    amount_gems: int | None
    amount: None | str
    currency: None | str
    payment_reference: None | str
    reseller_channel: None | str
    details: (
        ListActivityResponse200DataItemDetailsType0Type0
        | ListActivityResponse200DataItemDetailsType0Type1
        | ListActivityResponse200DataItemDetailsType0Type2
        | None
    )
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_activity_response_200_data_item_details_type_0_type_0 import (
            ListActivityResponse200DataItemDetailsType0Type0,  # noqa: PLC0415
        )
        from ..models.list_activity_response_200_data_item_details_type_0_type_1 import (
            ListActivityResponse200DataItemDetailsType0Type1,  # noqa: PLC0415
        )
        from ..models.list_activity_response_200_data_item_details_type_0_type_2 import (
            ListActivityResponse200DataItemDetailsType0Type2,  # noqa: PLC0415
        )

        order_id = self.order_id

        kind = self.kind.value

        domain = self.domain

        status = self.status

        role = self.role.value

        payer_id: None | str
        payer_id = self.payer_id

        owner_id: None | str
        owner_id = self.owner_id

        payment_method = self.payment_method.value

        years: int | None
        years = self.years

        amount_gems: int | None
        amount_gems = self.amount_gems

        amount: None | str
        amount = self.amount

        currency: None | str
        currency = self.currency

        payment_reference: None | str
        payment_reference = self.payment_reference

        reseller_channel: None | str
        reseller_channel = self.reseller_channel

        details: dict[str, Any] | None
        if isinstance(self.details, ListActivityResponse200DataItemDetailsType0Type0):
            details = self.details.to_dict()
        elif isinstance(self.details, ListActivityResponse200DataItemDetailsType0Type1):
            details = self.details.to_dict()
        elif isinstance(self.details, ListActivityResponse200DataItemDetailsType0Type2):
            details = self.details.to_dict()
        else:
            details = self.details

        created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "order_id": order_id,
                "kind": kind,
                "domain": domain,
                "status": status,
                "role": role,
                "payer_id": payer_id,
                "owner_id": owner_id,
                "payment_method": payment_method,
                "years": years,
                "amount_gems": amount_gems,
                "amount": amount,
                "currency": currency,
                "payment_reference": payment_reference,
                "reseller_channel": reseller_channel,
                "details": details,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_activity_response_200_data_item_details_type_0_type_0 import (
            ListActivityResponse200DataItemDetailsType0Type0,  # noqa: PLC0415
        )
        from ..models.list_activity_response_200_data_item_details_type_0_type_1 import (
            ListActivityResponse200DataItemDetailsType0Type1,  # noqa: PLC0415
        )
        from ..models.list_activity_response_200_data_item_details_type_0_type_2 import (
            ListActivityResponse200DataItemDetailsType0Type2,  # noqa: PLC0415
        )

        d = dict(src_dict)
        order_id = d.pop("order_id")

        kind = ListActivityResponse200DataItemKind(d.pop("kind"))

        domain = d.pop("domain")

        status = d.pop("status")

        role = ListActivityResponse200DataItemRole(d.pop("role"))

        def _parse_payer_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payer_id = _parse_payer_id(d.pop("payer_id"))

        def _parse_owner_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        owner_id = _parse_owner_id(d.pop("owner_id"))

        payment_method = ListActivityResponse200DataItemPaymentMethod(d.pop("payment_method"))

        def _parse_years(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        years = _parse_years(d.pop("years"))

        def _parse_amount_gems(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        amount_gems = _parse_amount_gems(d.pop("amount_gems"))

        def _parse_amount(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        amount = _parse_amount(d.pop("amount"))

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        def _parse_payment_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payment_reference = _parse_payment_reference(d.pop("payment_reference"))

        def _parse_reseller_channel(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reseller_channel = _parse_reseller_channel(d.pop("reseller_channel"))

        def _parse_details(
            data: object,
        ) -> (
            ListActivityResponse200DataItemDetailsType0Type0
            | ListActivityResponse200DataItemDetailsType0Type1
            | ListActivityResponse200DataItemDetailsType0Type2
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                details_type_0_type_0 = ListActivityResponse200DataItemDetailsType0Type0.from_dict(data)

                return details_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                details_type_0_type_1 = ListActivityResponse200DataItemDetailsType0Type1.from_dict(data)

                return details_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                details_type_0_type_2 = ListActivityResponse200DataItemDetailsType0Type2.from_dict(data)

                return details_type_0_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ListActivityResponse200DataItemDetailsType0Type0
                | ListActivityResponse200DataItemDetailsType0Type1
                | ListActivityResponse200DataItemDetailsType0Type2
                | None,
                data,
            )

        details = _parse_details(d.pop("details"))

        created_at = d.pop("created_at")

        list_activity_response_200_data_item = cls(
            order_id=order_id,
            kind=kind,
            domain=domain,
            status=status,
            role=role,
            payer_id=payer_id,
            owner_id=owner_id,
            payment_method=payment_method,
            years=years,
            amount_gems=amount_gems,
            amount=amount,
            currency=currency,
            payment_reference=payment_reference,
            reseller_channel=reseller_channel,
            details=details,
            created_at=created_at,
        )

        return list_activity_response_200_data_item
